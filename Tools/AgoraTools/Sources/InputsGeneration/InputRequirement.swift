/// One input of a ViewModel, as its inputs protocol declares it: `func rowTapped(_ id: EventRow.ID)`.
public struct InputRequirement: Equatable, Sendable {
    /// One parameter: its argument label (`nil` for `_`), its name inside, its type as written.
    public struct Parameter: Equatable, Sendable {
        public let label: String?
        public let name: String
        public let type: String

        /// The name the explorer's table gives it: the label, or the name where there is none.
        var tableName: String { label ?? name }
        /// Whether its value must never be traced (``InputRequirement/secretType``).
        var isSecret: Bool { type == InputRequirement.secretType }
    }

    /// The type a protocol gives a parameter whose value must never be shown: a password, a code.
    public static let secretType = "SecretString"

    public let name: String
    public let parameters: [Parameter]

    public init(name: String, parameters: [Parameter]) {
        self.name = name
        self.parameters = parameters
    }

    /// The requirement declared by `function`'s name and its parameter list as written
    /// (`_ row: Int, outOf total: Int`), or `nil` when a parameter is not `[label] name: Type`.
    public init?(name: String, parameterList: String) {
        var parameters: [Parameter] = []
        for piece in parameterList.split(separator: ",") {
            let parts = piece.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                if piece.allSatisfy(\.isWhitespace) { continue }
                return nil
            }
            let names = parts[0].split(whereSeparator: \.isWhitespace).map(String.init)
            let type = parts[1].trimmingCharacters(in: .whitespaces)
            switch names.count {
            case 1: parameters.append(Parameter(label: names[0], name: names[0], type: type))
            case 2: parameters.append(Parameter(label: names[0] == "_" ? nil : names[0], name: names[1], type: type))
            default: return nil
            }
        }
        self.init(name: name, parameters: parameters)
    }

    /// The method that traces the input and passes it on:
    /// `public func rowTapped(_ id: EventRow.ID) { send(id) { $0.rowTapped(id) } }`.
    var forwarder: String {
        let declared = parameters.map { parameter in
            (parameter.label == nil ? "_ " : parameter.label == parameter.name ? "" : "\(parameter.label!) ") + "\(parameter.name): \(parameter.type)"
        }
        let traced = parameters.map { $0.isSecret ? "HiddenArgument()" : $0.name }
        let call = "\(name)(" + parameters.map { ($0.label.map { "\($0): " } ?? "") + $0.name }.joined(separator: ", ") + ")"
        let send = traced.isEmpty ? "send" : "send(\(traced.joined(separator: ", ")))"
        return "public func \(name)(\(declared.joined(separator: ", "))) { \(send) { $0.\(call) } }"
    }

    /// The entry of the explorer's table that sends the input by name:
    /// `.input("rowTapped", "id") { $0.rowTapped($1) }`.
    var catalogEntry: String {
        let names = ["\"\(name)\""] + parameters.map { "\"\($0.tableName)\"" }
        guard parameters.contains(where: \.isSecret) else {
            let arguments = parameters.enumerated().map { index, parameter in (parameter.label.map { "\($0): " } ?? "") + "$\(index + 1)" }
            return ".input(\(names.joined(separator: ", "))) { $0.\(name)(\(arguments.joined(separator: ", "))) }"
        }
        // A secret is read as `SecretText`, which the explorer never echoes.
        let closureParameters = ["inputs"] + parameters.map { "\($0.name): \($0.isSecret ? "SecretText" : $0.type)" }
        let arguments = parameters.map { ($0.label.map { "\($0): " } ?? "") + ($0.isSecret ? "\($0.name).text" : $0.name) }
        return ".input(\(names.joined(separator: ", "))) { (\(closureParameters.joined(separator: ", "))) in inputs.\(name)(\(arguments.joined(separator: ", "))) }"
    }
}
