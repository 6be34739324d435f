import AgoraArchitecture

extension ArchitectureSnapshot {
    /// Why an input could not be sent by name; its description is the one-line error.
    public enum SendingProblem: Error, CustomStringConvertible {
        /// `viewModel` has no input `input`; `known` are its inputs.
        case unknown(input: String, viewModel: String, known: [String])
        /// The arguments do not fit the input's parameters.
        case arguments(InputArgumentError)

        public var description: String {
            switch self {
            case .unknown(let input, let viewModel, let known):
                "\(viewModel) has no input '\(input.prefix(40))'; its inputs: \(known.joined(separator: ", "))."
            case .arguments(let error):
                error.description
            }
        }
    }

    /// Sends input `name` with `arguments`, each read by its parameter's type, through `inputs`
    /// (``inputs(sentThrough:)``: the inputs a screen sends `viewModel`, so the input is traced
    /// as one the screen sends). A name that differs only in letter case is taken.
    ///
    /// - Returns: what was sent as the trace shows it: `EventsListViewModel.refresh()`, each
    ///   argument as the input received it (`yes` sent as `true`), a secret one hidden.
    @discardableResult
    public static func send(_ name: String, arguments: [String], among inputs: [DeclaredInput], of viewModel: String) throws(SendingProblem) -> String {
        guard let input = inputs.first(where: { $0.name == name }) ?? inputs.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw .unknown(input: name, viewModel: viewModel, known: inputs.map(\.name))
        }
        do {
            try input.send(arguments)
        } catch {
            throw .arguments(error)
        }
        let shown = zip(input.parameters, arguments).map { parameter, argument in
            parameter.isSecret ? "(hidden)" : parameter.typeName == "String" ? "\"\(argument)\"" : parameter.value(of: argument) ?? argument
        }
        return "\(viewModel).\(input.name)(\(shown.joined(separator: ", ")))"
    }
}
