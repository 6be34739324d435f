/// Checks, on a feature library's source text, that nothing in it exists for a tool: the REPL's
/// tracing and input tables (``toolTypes``) live in the feature's REPL view and the kits, and no
/// text a ViewModel sends names a REPL command (a backticked word, as the REPL writes commands:
/// "type `submit`"), since a GUI app shows the same text.
enum FeatureLibraryToolCheck {
    /// The kit's REPL-side types a feature library never names in its code.
    static let toolTypes: Set<String> = ["InputTrace", "inputTrace", "InputDeclaring", "inputCatalog", "TracedInputs", "HiddenArgument"]

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
        for literal in parts.literals {
            guard let match = literal.text.firstMatch(of: #/`[^`\s][^`]*`/#) else { continue }
            violations.append(ArchitectureViolation(file: path, line: literal.line, module: String(match.output), rule: .commandInFeatureText))
        }
        return violations
    }
}
