import Testing

@testable import LineEditing

@Suite("Terminal: colour and prompt styling")
struct TerminalStyleTests {
    @Test("colour only on a terminal, and not when NO_COLOR has a value")
    func colourRules() {
        #expect(Terminal.allowsColor(environment: [:], isTerminal: true))
        #expect(!Terminal.allowsColor(environment: [:], isTerminal: false))
        #expect(!Terminal.allowsColor(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!Terminal.allowsColor(environment: ["NO_COLOR": "false"], isTerminal: true), "any value counts")
        #expect(Terminal.allowsColor(environment: ["NO_COLOR": ""], isTerminal: true), "empty means unset (no-color.org)")
    }

    @Test("a dimmed prompt part wraps its escapes in libedit's ignore markers")
    func dimmedPrompt() {
        #expect(Terminal.dimmedPromptText("oss") == "\u{1}\u{1B}[2m\u{1}oss\u{1}\u{1B}[0m\u{1}")
    }
}
