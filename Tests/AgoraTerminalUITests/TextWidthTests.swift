import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@Suite("TextWidth")
struct TextWidthTests {
    @Test(
        "given characters of each kind, when measured, then ASCII is 1, CJK and emoji 2, a combining mark 0",
        arguments: [
            ("a", 1),
            ("~", 1),
            ("é", 1),
            ("ｶ", 1),  // halfwidth katakana
            ("日", 2),
            ("か", 2),
            ("한", 2),
            ("Ａ", 2),  // fullwidth Latin
            ("😀", 2),
            ("❤️", 2),  // text-default emoji with the emoji variation selector
            ("👍🏽", 2),
            ("\u{0301}", 0),  // a combining acute accent on its own
            ("\t", 0),  // ASCII controls take no column
            ("\u{7F}", 0),
            ("\r\n", 0),
            ("〰", 2),  // a wide-block scalar that is also an emoji
        ] as [(Character, Int)])
    func characterWidth(character: Character, width: Int) {
        #expect(TextWidth.of(character) == width)
    }

    @Test("given mixed text, when measured, then the widths of its characters add up")
    func textWidth() {
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("Swift") == 5)
        #expect(TextWidth.of("Swift 勉強会") == 12)
        #expect(TextWidth.of("e\u{0301}te\u{0301}") == 3)  // "été" with combining accents
        #expect(TextWidth.of("🎉 Party") == 8)
        #expect(TextWidth.of("a\tb") == 2)
    }

    @Test("given text that fits, when truncated, then it is unchanged")
    func truncateKeepsFittingText() {
        #expect(TextWidth.truncate("Hello", to: 5) == "Hello")
        #expect(TextWidth.truncate("日本", to: 4) == "日本")
        #expect(TextWidth.truncate("", to: 0) == "")
    }

    @Test("given text too wide, when truncated, then it is cut and ends in an ellipsis")
    func truncateCuts() {
        #expect(TextWidth.truncate("Hello, world", to: 5) == "Hell…")
        #expect(TextWidth.truncate("Hello", to: 1) == "…")
        #expect(TextWidth.truncate("Hello", to: 0) == "")
        #expect(TextWidth.truncate("日本語テキスト", to: 5) == "日本…")
        #expect(TextWidth.truncate("日本語テキスト", to: 4) == "日…", "a wide character that would overflow is left out")
        #expect(TextWidth.truncate("😀😀😀", to: 4) == "😀…")
    }

    @Test(
        "given any width, when text is truncated to it, then the result never exceeds it",
        arguments: [
            "Hello, world", "日本語テキスト", "Swift 勉強会 in 渋谷", "😀a😀b😀c", "e\u{0301}e\u{0301}e\u{0301}e\u{0301}",
        ])
    func truncateNeverExceedsWidth(text: String) {
        for width in 0...(TextWidth.of(text) + 1) {
            let cut = TextWidth.truncate(text, to: width)
            #expect(TextWidth.of(cut) <= width, "\(text) at \(width) gave \(cut)")
            if TextWidth.of(text) > width && width > 0 {
                #expect(cut.hasSuffix("…"), "\(text) at \(width) gave \(cut)")
            }
        }
    }
}
