import Foundation

/// Checks, on the source text of a feature and its REPL view, that each ViewModel's declared
/// input table (the REPL's `inputs` and `send`) matches its `…ViewModelInputs` protocol, and that
/// each input of the traced inputs the view sends through hands it to `send` (for `trace`):
/// Swift cannot reflect a protocol's methods, so this is what keeps the table from drifting.
///
/// A protocol `XViewModelInputs` (in the feature library) goes with the class that subclasses
/// `TracedInputs<any XViewModelInputs>` (in the inputs its views share), whose table is the
/// `.input("name", "label"…)` entries that follow it in its file. A protocol that refines one of
/// the kit's (`EventsListViewModelInputs: ListViewModelInputs`) has the kit's inputs first.
enum InputCatalogCheck {
    /// One input: its name and how many parameters it takes.
    struct Input: Hashable, CustomStringConvertible {
        let name: String
        let arity: Int
        var description: String { "\(name)/\(arity)" }
    }

    /// The violations in the files of one feature's library and REPL view (path relative to the
    /// root, and text).
    ///
    /// - Parameter kitProtocols: the inputs of the kit's protocols a feature's may refine, by
    ///   name (``kitInputProtocols(in:)``).
    static func violations(in files: [(path: String, source: String)], kitProtocols: [String: [Input]] = [:]) -> [ArchitectureViolation] {
        var violations: [ArchitectureViolation] = []
        for file in files {
            for (viewModel, protocolInputs, line) in inputProtocols(in: file.source, kitProtocols: kitProtocols) {
                let protocolName = viewModel + "Inputs"
                guard let (tableSource, table) = files.lazy.compactMap({ file in inputTable(of: viewModel, in: file.source).map { (file.source, $0) } }).first
                else {
                    violations.append(ArchitectureViolation(file: file.path, line: line, module: protocolName, rule: .inputTableMissing(viewModel: viewModel)))
                    continue
                }
                if table != protocolInputs {
                    let missing = protocolInputs.filter { !table.contains($0) }.map(\.description)
                    let extra = table.filter { !protocolInputs.contains($0) }.map(\.description)
                    let detail = (missing.isEmpty ? [] : ["not in the table: \(missing.joined(separator: ", "))"])
                        + (extra.isEmpty ? [] : ["not in the protocol: \(extra.joined(separator: ", "))"])
                        + (missing.isEmpty && extra.isEmpty ? ["not in the protocol's order"] : [])
                    violations.append(
                        ArchitectureViolation(
                            file: file.path, line: line, module: protocolName, rule: .inputTableDrift(viewModel: viewModel, detail: detail.joined(separator: "; "))))
                }
                let untraced = protocolInputs.filter { input in !isTraced(input.name, in: tableSource) }
                if !untraced.isEmpty {
                    violations.append(
                        ArchitectureViolation(
                            file: file.path, line: line, module: protocolName,
                            rule: .inputNotTraced(viewModel: viewModel, inputs: untraced.map(\.name).joined(separator: ", "))))
                }
            }
        }
        return violations
    }

    /// Each `protocol XViewModelInputs { … }` in `source`: `XViewModel`, its inputs in order (those
    /// of a kit protocol it refines first), and the protocol's line.
    static func inputProtocols(in source: String, kitProtocols: [String: [Input]] = [:]) -> [(viewModel: String, inputs: [Input], line: Int)] {
        let pattern = #/protocol\s+(\w+ViewModel)Inputs\b(?<refines>[^{]*)\{(?<body>(?:[^{}]|\{[^{}]*\})*)\}/#
        return source.matches(of: pattern).map { match in
            let refined = String(match.refines).matches(of: #/\w+/#).flatMap { kitProtocols[String($0.output)] ?? [] }
            let line = source[..<match.range.lowerBound].filter { $0 == "\n" }.count + 1
            return (String(match.1), refined + inputs(in: String(match.body)), line)
        }
    }

    /// The inputs of each `protocol XInputs { … }` in the kit's `source`, by protocol name.
    static func kitInputProtocols(in source: String) -> [String: [Input]] {
        let pattern = #/protocol\s+(\w+Inputs)\b[^{]*\{(?<body>(?:[^{}]|\{[^{}]*\})*)\}/#
        return Dictionary(source.matches(of: pattern).map { (String($0.1), inputs(in: String($0.body))) }, uniquingKeysWith: { first, _ in first })
    }

    /// The `func name(…)` requirements in a protocol's body, in order.
    private static func inputs(in body: String) -> [Input] {
        body.matches(of: #/func\s+(\w+)\s*\(([^)]*)\)/#).map { function in
            Input(name: String(function.1), arity: function.2.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) }.count)
        }
    }

    /// The `.input(…)` entries of the class `…: TracedInputs<any <viewModel>Inputs>, …,
    /// InputDeclaring { … }` in `source`, or `nil` when it declares no such class.
    static func inputTable(of viewModel: String, in source: String) -> [Input]? {
        let declaration = "class\\s+\\w+\\s*:\\s*TracedInputs\\s*<\\s*any\\s+\(viewModel)Inputs\\s*>[^{]*\\bInputDeclaring\\b"
        guard let start = source.firstMatch(of: try! Regex(declaration)) else { return nil }
        return source[start.range.upperBound...].matches(of: #/\.input\(\s*"(\w+)"((?:\s*,\s*"[^"]*")*)/#).map { entry in
            Input(name: String(entry.1), arity: entry.2.filter { $0 == "\"" }.count / 2)
        }
    }

    /// Whether `source` implements the input `name` by handing it to `send` (traced).
    static func isTraced(_ name: String, in source: String) -> Bool {
        source.contains(try! Regex("func\\s+\(name)\\s*\\([^)]*\\)[^{]*\\{\\s*send\\b"))
    }
}
