/// Checks, on a feature library's source text, that nothing in it exists for a tool: the REPL's
/// tracing and input tables (``toolTypes``) live in the feature's REPL view and the kits, no
/// text a ViewModel sends names a REPL command (a backticked word, as the REPL writes commands:
/// "type `submit`"), since a GUI app shows the same text, and neither code nor comment speaks of
/// a tool (``toolWords(in:)``): an input says what the user did, not which command sent it.
///
/// The words are also checked in the architecture kit's code and articles
/// (``wordViolations(path:text:)``) and in the feature libraries' articles: they say what
/// happened, not who asked.
enum FeatureLibraryToolCheck {
    /// The kit's REPL-side types a feature library never names in its code.
    static let toolTypes: Set<String> = ["InputTrace", "inputTrace", "InputDeclaring", "inputCatalog", "TracedInputs", "HiddenArgument"]

    /// The words in `line` that name a tool that shows a feature, in any letter case and
    /// inflected (`scripted`, `prompts`, `browsers`), at the start of a word or a name
    /// (`whoamiTapped`) or inside a name at a capital (`isREPLMode`, `showsTerminalWidth`). Words
    /// that only begin like one (`promptly`, `scripture`, `replace`) are no tool.
    static func toolWords(in line: Substring) -> [String] {
        // A regex literal is not `Sendable`, so each call makes its own.
        let atWordStart =
            #/\b(REPL[A-Za-z]*|(?i:(?:repl|script|terminal|tmux|pager|prompt|command|browser|whoami)(?:s|es|ed|ing|ers?)?|ctrl-[a-z])(?![a-z]))/#
        let insideName = #/[a-z](REPL[A-Za-z]*|(?:Script|Terminal|Tmux|Pager|Prompt|Command|Browser|Whoami)(?:s|es|ed|ing|ers?)?(?![a-z]))/#
        return line.matches(of: atWordStart).map { String($0.output.1) } + line.matches(of: insideName).map { String($0.output.1) }
    }

    /// The tool words of `text` (code, comments or an article), one violation each, on its line.
    /// An `import` is left to the import rules, which say why a module is no feature's.
    static func wordViolations(path: String, text: String) -> [ArchitectureViolation] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            let isImport = line.wholeMatch(of: #/\s*(@testable\s+)?import\s+.*/#) != nil
            return isImport ? [] : toolWords(in: line).map { ArchitectureViolation(file: path, line: index + 1, module: $0, rule: .toolWordInFeatureLibrary) }
        }
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
        violations += wordViolations(path: path, text: source)
        for literal in parts.literals {
            guard let match = literal.text.firstMatch(of: #/`[^`\s][^`]*`/#) else { continue }
            violations.append(ArchitectureViolation(file: path, line: literal.line, module: String(match.output), rule: .commandInFeatureText))
        }
        return violations
    }
}
