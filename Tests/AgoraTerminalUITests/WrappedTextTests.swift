import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// Prose for the terminal: broken between words to fit, its own line breaks kept, nothing lost.
@Suite("Wrapped text")
struct WrappedTextTests {
    @Test("given a sentence wider than the width, when wrapped with an indent, then it breaks between words and each line fits")
    func breaksBetweenWords() {
        let lines = WrappedText.lines("A longer thought for the thread: last month we split our app", width: 24, indent: "  ")

        #expect(lines == ["  A longer thought for", "  the thread: last month", "  we split our app"])
        #expect(lines.allSatisfy { TextWidth.of($0) <= 24 })
    }

    @Test("given no width (output that is not a terminal), then every line is whole and runs of spaces stay")
    func noWidthKeepsLines() {
        #expect(WrappedText.lines("one   two\nthree", width: nil, indent: "  ") == ["  one   two", "  three"])
    }

    @Test("given a word wider than the room, then it is broken where it must be, nothing dropped")
    func longWordIsBroken() {
        let lines = WrappedText.lines("https://agora.example/a/very/long/link", width: 12)

        #expect(lines.joined() == "https://agora.example/a/very/long/link")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 12 })
    }

    @Test("given wide characters, then they count two columns each")
    func wideCharacters() {
        let lines = WrappedText.lines("遅れて参加します。よろしくお願いします。", width: 10)

        #expect(lines.allSatisfy { TextWidth.of($0) <= 10 })
        #expect(lines.joined() == "遅れて参加します。よろしくお願いします。")
    }

    @Test("given hostile text, then the lines hold no control character: it passes through TerminalText")
    func sanitised() {
        let lines = WrappedText.lines("fine\u{1B}]0;pwned\u{07} text\nerror: forged", width: 40, indent: "  ")

        #expect(lines == ["  fine\u{FFFD} text", "  error: forged"])
    }

    @Test("given a continuation, when a paragraph goes over several lines, then each line after its first is indented by it, and every line fits")
    func continuationIndent() {
        let lines = WrappedText.lines("error: No screen at 'x': expected a link like agora://events or agora://events/42.", width: 40, continuation: "  ")

        #expect(lines.first?.hasPrefix("error: ") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(lines)")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.contains { $0.contains("agora://events/42.") }, "a link that fits a line stays whole: \(lines)")
    }

    @Test("given a link wider than the room, when broken, then it breaks after a / rather than inside a segment")
    func linkBreaksAfterSlash() {
        let lines = WrappedText.lines("agora://events/42/comments/and/more", width: 20)

        #expect(lines.joined() == "agora://events/42/comments/and/more")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("/") }, "\(lines)")
    }
}
