/// Checks, on a feature library's source text, that nothing in it exists for a tool: the REPL's
/// tracing and input tables (``toolTypes``) live in the feature's REPL view and the kits, no
/// text a ViewModel sends names a REPL command (a backticked word, as the REPL writes commands:
/// "type `submit`"), since a GUI app shows the same text, and neither code nor comment speaks of
/// a tool (``toolWords``): an input says what the user did, not which command sent it.
enum FeatureLibraryToolCheck {
    /// The kit's REPL-side types a feature library never names in its code.
    static let toolTypes: Set<String> = ["InputTrace", "inputTrace", "InputDeclaring", "inputCatalog", "TracedInputs", "HiddenArgument"]

    /// Words that name a tool that shows a feature, in any letter case, as whole words or as the
    /// start of a name (`whoamiTapped`). A regex literal is not `Sendable`, so each use makes one.
    static var toolWords: Regex<Substring> {
        #/\b(?i:REPL|scripts?|terminal|tmux|pager|prompt|commands?|browser|ctrl-[a-z]|whoami)(?![a-z])/#
    }

    /// The violations in one feature library file (path relative to the root, and its text).
    static func violations(path: String, source: String) -> [ArchitectureViolation] {
        let parts = SwiftTextParts(source)
        var violations: [ArchitectureViolation] = []
        for part in parts.code {
            for match in part.text.matches(of: #/\b[A-Za-z_]\w*\b/#) where toolTypes.contains(String(match.output)) {
                let line = part.line + part.text[..<match.range.lowerBound].filter { $0 == "\n" }.count
                violations.append(ArchitectureViolation(file: path, line: line, module: String(match.output), rule: .toolInFeatureLibrary))
            }
        }
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for match in line.matches(of: toolWords) {
                violations.append(
                    ArchitectureViolation(file: path, line: index + 1, module: String(match.output), rule: .toolWordInFeatureLibrary))
            }
        }
        for literal in parts.literals {
            guard let match = literal.text.firstMatch(of: #/`[^`\s][^`]*`/#) else { continue }
            violations.append(ArchitectureViolation(file: path, line: literal.line, module: String(match.output), rule: .commandInFeatureText))
        }
        return violations
    }
}
