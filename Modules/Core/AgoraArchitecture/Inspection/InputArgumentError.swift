/// Why arguments could not be sent to a declared input; its description is the one-line error.
public enum InputArgumentError: Error, Equatable, CustomStringConvertible {
    /// Not as many arguments as the input has parameters.
    case wrongCount(input: String, parameters: [InputParameter], got: Int)
    /// The argument at `position` (0-based) is not of the type expected.
    case invalid(input: String, position: Int, expected: String, got: String)

    public var description: String {
        switch self {
        case .wrongCount(let input, let parameters, let got):
            let expected = parameters.isEmpty ? "no arguments" : "\(parameters.count) argument\(parameters.count == 1 ? "" : "s")"
            let signature = parameters.isEmpty ? "" : " (\(parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", ")))"
            return "`\(input)` takes \(expected)\(signature), got \(got)."
        case .invalid(let input, let position, let expected, let got):
            // The text is the user's: cut, so a pasted paragraph stays one line.
            let shown = got.count > 40 ? String(got.prefix(39)) + "…" : got
            return "The \(Self.ordinal(position)) argument of `\(input)` must be \(expected), not \"\(shown)\"."
        }
    }

    private static func ordinal(_ position: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth"]
        return position < words.count ? words[position] : "#\(position + 1)"
    }
}
