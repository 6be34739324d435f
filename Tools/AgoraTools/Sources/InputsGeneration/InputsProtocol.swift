/// A ViewModel's inputs protocol, read from its source: `protocol EventsListViewModelInputs:
/// ListViewModelInputs { … }`.
public struct InputsProtocol: Equatable, Sendable {
    /// Its name (`EventsListViewModelInputs`) and the protocols it refines.
    public let name: String
    public let refines: [String]
    /// Its own requirements, in order.
    public let requirements: [InputRequirement]

    /// The ViewModel it is the inputs of: `EventsListViewModel`.
    public var viewModel: String { String(name.dropLast("Inputs".count)) }
    /// The traced inputs made for it: `EventsListInputs`.
    public var tracedInputs: String { String(name.dropLast("ViewModelInputs".count)) + "Inputs" }

    /// Every `protocol XInputs { … }` in `source` whose name ends in `suffix`.
    public static func all(in source: String, endingWith suffix: String = "Inputs") throws(InputsGenerationError) -> [InputsProtocol] {
        let pattern = #/protocol\s+(?<name>\w+)\s*(?::(?<refines>[^{]*))?\{(?<body>(?:[^{}]|\{[^{}]*\})*)\}/#
        var found: [InputsProtocol] = []
        for match in source.matches(of: pattern) where match.name.hasSuffix(suffix) {
            var requirements: [InputRequirement] = []
            for function in match.body.matches(of: #/func\s+(\w+)\s*\(([^)]*)\)/#) {
                guard let requirement = InputRequirement(name: String(function.1), parameterList: String(function.2)) else {
                    throw .unreadableRequirement(protocol: String(match.name), function: String(function.0))
                }
                requirements.append(requirement)
            }
            let refines = (match.refines.map(String.init) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            found.append(InputsProtocol(name: String(match.name), refines: refines, requirements: requirements))
        }
        return found
    }
}

/// Why the inputs could not be made, in one line.
public enum InputsGenerationError: Error, CustomStringConvertible, Equatable {
    case unreadableRequirement(protocol: String, function: String)
    case unknownProtocol(protocol: String, refines: String)
    case stale(files: [String])
    case unreadable(path: String)

    public var description: String {
        switch self {
        case .unreadableRequirement(let name, let function):
            "\(name): cannot read '\(function)'; an input takes parameters written `[label] name: Type`"
        case .unknownProtocol(let name, let refines):
            "\(name) refines \(refines), which is neither an inputs protocol of the kit nor of its feature"
        case .stale(let files):
            "stale traced inputs (run Scripts/generate-inputs): \(files.joined(separator: ", "))"
        case .unreadable(let path):
            "cannot read \(path)"
        }
    }
}
