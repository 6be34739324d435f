@testable import ArchitectureChecks
import Testing

@Suite("Nothing in a feature library exists for a tool")
struct FeatureLibraryToolCheckTests {
    static let path = "Modules/Features/Auth/Auth/ViewModel/LoginViewModel.swift"

    func rules(_ source: String) -> [String] {
        FeatureLibraryToolCheck.violations(path: Self.path, source: source).map { "\($0.line ?? 0) \($0.module) \($0.rule)" }
    }

    @Test("given a ViewModel with plain messages and tool types only in comments, when checked, then nothing is reported")
    func clean() {
        let source = """
            /// Traced by the view's `TracedInputs`; the user sends `submit`.
            final class LoginViewModel {
                // inputTrace used to be here: `send` it.
                /* InputDeclaring, `login`, a description of the scripture */
                func verifyTapped() {
                    showError.send("The code is \\(length) digits, like 123456; got '\\(code.prefix(20))'.")
                    let url = "agora://login" // `login`
                    let raw = #"a "quoted" word"#
                }
            }
            """
        #expect(rules(source).isEmpty)
    }

    @Test("given a ViewModel that traces its inputs or declares a table, when checked, then each name is reported on its line")
    func toolTypes() {
        let source = """
            final class LoginViewModel: InputDeclaring {
                private let inputTrace = InputTrace()
                static var inputCatalog: [InputDescriptor<LoginViewModel>] { [] }
            }
            """
        #expect(
            rules(source) == [
                "1 InputDeclaring toolInFeatureLibrary", "2 inputTrace toolInFeatureLibrary", "2 InputTrace toolInFeatureLibrary",
                "3 inputCatalog toolInFeatureLibrary",
            ])
    }

    @Test(
        "given a feature library that speaks of a tool in a comment or a name, when checked, then each word is reported on its line",
        arguments: [
            ("/// What the account commands show.", "commands"), ("// Cancelled (Ctrl-C in the REPL)", "Ctrl-C"),
            ("func whoamiTapped()", "whoami"), ("/// For a script, which cannot answer the login prompt.", "script"),
            ("var terminalWidth = 80", "terminal"), ("/// Once scripted, it runs alone.", "scripted"), ("var isREPLMode = false", "REPLMode"),
            ("/// Prompts for a login.", "Prompts"), ("let showsTerminalWidth = true", "Terminal"), ("/// Two browsers of one member.", "browsers"),
        ])
    func toolWords(line: String, word: String) {
        let found = FeatureLibraryToolCheck.violations(path: Self.path, source: "struct S {\n    \(line)\n}")
        #expect(found.contains { $0.rule == .toolWordInFeatureLibrary && $0.module == word && $0.line == 2 }, "\(found)")
        #expect(found.first?.description.contains("say what the user did or what the view shows") == true)
    }

    @Test(
        "given words that only begin like a tool's, when checked, then none is reported",
        arguments: ["/// Answers promptly.", "items.replace(with: [])", "/// A description of the reply.", "/// The scripture's transcript."])
    func wordsThatAreNoTool(line: String) {
        #expect(FeatureLibraryToolCheck.toolWords(in: Substring(line)).isEmpty, "\(FeatureLibraryToolCheck.toolWords(in: Substring(line)))")
    }

    @Test("given an article that speaks of the account commands, when its words are checked, then the word is reported on its line")
    func articleWords() {
        let found = FeatureLibraryToolCheck.wordViolations(path: "Modules/Features/Auth/Auth/Auth.docc/Auth.md", text: "# Auth\n\nLogging in, and the account commands.\n")
        #expect(found.map { "\($0.line ?? 0) \($0.module)" } == ["3 commands"])
    }

    @Test(
        "given a message that names a REPL command in backticks, in a plain, interpolated or multi-line literal, when checked, then the literal is reported",
        arguments: [
            #"showError.send("No code was asked for; type `submit` first.")"#,
            #"showError.send("Got \(count); use `delete <row>` to remove it.")"#,
            "let text = \"\"\"\n    Then `open 3`.\n    \"\"\"",
        ])
    func commandWords(line: String) {
        let found = FeatureLibraryToolCheck.violations(path: Self.path, source: "func f() {\n    \(line)\n}")
        #expect(found.count == 1)
        #expect(found.first?.rule == .commandInFeatureText)
        #expect(found.first?.line == 2)
        #expect(found.first?.description.contains("send a signal or a plain message") == true)
    }
}
