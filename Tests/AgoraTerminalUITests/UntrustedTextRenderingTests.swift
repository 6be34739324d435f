import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// Text from a server, the mock or the cache on its way to the terminal: what would act on the
/// terminal is removed and visibly marked; everything else shows as it was written.
@Suite("Untrusted text: rendering for the terminal")
struct UntrustedTextRenderingTests {
    /// The payloads a hostile member or server sends, each with the text around it.
    static let payloads: [(name: String, text: String)] = [
        ("terminal title (OSC 0)", "before\u{1B}]0;pwned\u{07}after"),
        ("clipboard (OSC 52)", "before\u{1B}]52;c;ZXZpbA==\u{1B}\\after"),
        ("clear screen (CSI 2J)", "before\u{1B}[2Jafter"),
        ("bare carriage return", "before\rafter"),
        ("forged error line", "before\nerror: your session expired, type password"),
        ("bidi override", "before\u{202E}gnp.exe"),
        ("C1 CSI", "before\u{9B}31mafter"),
        ("backspace and DEL", "before\u{08}\u{7F}after"),
        ("line separator", "before\u{2028}after"),
    ]

    /// The characters that must never reach a terminal raw.
    static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{08}", "\r", "\n", "\u{9B}", "\u{202E}", "\u{7F}", "\u{2028}"]

    @Test("given a hostile payload, when it is made a line, then none of its controls remain and a mark shows where they were", arguments: payloads.map(\.text))
    func payloadIsRemovedAndMarked(_ text: String) {
        let line = TerminalText.line(text)

        #expect(!line.unicodeScalars.contains { Self.forbidden.contains($0) }, "\(line.debugDescription)")
        #expect(line.hasPrefix("before\(TerminalText.removalMark)"), "\(line.debugDescription)")
    }

    @Test("given a whole escape sequence, when it is made a line, then its parameters go with it: one mark, no leftover text")
    func escapeSequenceGoesWhole() {
        #expect(TerminalText.line("a\u{1B}]0;pwned\u{07}b") == "a\u{FFFD}b")
        #expect(TerminalText.line("a\u{1B}[31;1mb") == "a\u{FFFD}b")
        #expect(TerminalText.line("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b") == "a\u{FFFD}b")
        #expect(TerminalText.line("a\u{1B}[2J\u{1B}[H\rb") == "a\u{FFFD}b", "a run of removals is one mark")
    }

    @Test(
        "given text with nothing to remove, when it is made a line, then it is unchanged",
        arguments: [
            "Swift on the Server", "梅田スカイビル", "+1, see you there 👋", "café", "",
        ])
    func plainTextIsUnchanged(_ text: String) {
        #expect(TerminalText.line(text) == text)
    }

    @Test("given a tab or a leading combining mark, when made a line, then a space, and a dotted circle for the mark to sit on")
    func tabAndLeadingMark() {
        #expect(TerminalText.line("a\tb") == "a b")
        #expect(TerminalText.line("\u{301}x") == "\u{25CC}\u{301}x")
    }

    @Test("given a comment with line breaks, when split into lines, then one line per break, CR LF as one break, a lone CR removed")
    func linesSplitAtBreaks() {
        #expect(TerminalText.lines("one\ntwo\r\nthree") == ["one", "two", "three"])
        #expect(TerminalText.lines("one\rtwo") == ["one\u{FFFD}two"])
        #expect(TerminalText.lines("") == [""])
    }

    @Test(
        "given a table row whose cell holds a forged error line, when rendered, then the forgery is a continuation line under its cell, not a line of its own")
    func multiLineCellIsIndentedUnderItsColumn() {
        let table = TextTable([.init("#", alignment: .right), .init("Who"), .init("Comment", isFlexible: true)])

        let lines = table.render([["1", "Mallory", "see you\nerror: your session expired"], ["2", "Alice", "ok"]], width: nil)

        #expect(
            lines == [
                "#  Who      Comment",
                "1  Mallory  see you",
                "            error: your session expired",
                "2  Alice    ok",
            ])
        #expect(!lines.contains { $0.hasPrefix("error:") })
    }

    @Test("given a console that keeps lines, when a hostile line is printed or reported, then what it keeps is sanitised too")
    @MainActor
    func bufferConsoleKeepsWhatATerminalShows() {
        let console = BufferConsole()

        console.print("title\u{1B}]0;pwned\u{07}")
        console.error("bad\nerror: forged")

        #expect(console.lines == ["title\u{FFFD}", "error: bad\u{FFFD}error: forged"])
    }
}
