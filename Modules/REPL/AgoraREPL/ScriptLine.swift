/// A command line of a script, with the place it came from as an error names it: `FILE:4` for
/// line 4 of `--script FILE` (psql's `psql:FILE:4:`, a compiler's `FILE:4:`), `-c 2` for the
/// second `-c`.
public struct ScriptLine: Equatable, Sendable {
    /// The command line as read.
    public let text: String
    /// Where it came from: `FILE:4`, `<stdin>:4`, `-c 2`.
    public let place: String

    /// The line `text`, read at `place` (`FILE:4`, `-c 2`).
    public init(_ text: String, place: String) {
        self.text = text
        self.place = place
    }

    /// The lines of the script file `name` (`-` for standard input, named `<stdin>` as psql
    /// does), numbered as an editor numbers them.
    ///
    /// Every line break ends a command ("\r\n" is one); only "\n", "\r\n" and a lone "\r" count
    /// as a new line of the file, so a rarer break (U+2028) inside a line keeps its number.
    public static func lines(ofFile name: String, text: String) -> [ScriptLine] {
        let shownName = name == "-" ? "<stdin>" : name
        var number = 1
        var lines: [ScriptLine] = []
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines.append(ScriptLine(String(piece), place: "\(shownName):\(number)"))
            if piece.endIndex < text.endIndex, ["\n", "\r\n", "\r"].contains(text[piece.endIndex]) { number += 1 }
        }
        return lines
    }

    /// The command lines of each `-c` value in order (split as
    /// ``REPLSession/lines(ofOneLineScript:)`` splits one), each placed at its `-c`, counted from 1.
    public static func lines(ofOneLineScripts values: [String]) -> [ScriptLine] {
        values.enumerated().flatMap { index, value in
            REPLSession.lines(ofOneLineScript: value).map { ScriptLine($0, place: "-c \(index + 1)") }
        }
    }
}
