import AgoraTerminalUI
import Testing

/// Format characters (general category Cf) in text from outside: invisible, so they hide in a
/// name or a comment (a zero-width space in a look-alike name, a message in tag characters), and
/// some of them act (the bidirectional controls). Each shows as the removal mark, as the bidi
/// controls always did, except a joiner that only shapes the characters it joins.
@Suite("Untrusted text: format characters")
struct UntrustedTextFormatCharacterTests {
    /// Every format scalar Unicode has, by the standard library's own tables.
    static let formatScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        Unicode.Scalar(UInt32(value)).flatMap { $0.properties.generalCategory == .format ? $0 : nil }
    }

    /// Contexts in which a joiner stays: the format scalars other than the joiners are removed there too.
    static let joiningContexts: [(before: String, after: String)] = [
        ("\u{1F468}", "\u{1F469}"),  // man, woman: an emoji ZWJ sequence
        ("\u{1F3F3}\u{FE0F}", "\u{1F308}"),  // white flag (emoji presentation), rainbow
        ("\u{915}\u{94D}", "\u{937}"),  // KA, VIRAMA, SSA: an Indic conjunct
        ("\u{645}\u{6CC}", "\u{62E}"),  // MEEM, FARSI YEH, KHAH: inside a Persian word
    ]

    @Test("the format scalars tested are all of them, the named ones among them")
    func formatScalarsAreComplete() {
        let values = Set(Self.formatScalars.map(\.value))
        #expect(values.count >= 160)
        for named: UInt32 in [0xAD, 0x200B, 0x200C, 0x200D, 0x202E, 0x2060, 0x2066, 0xFEFF, 0xE0001, 0xE007F] {
            #expect(values.contains(named), "U+\(String(named, radix: 16, uppercase: true))")
        }
        #expect((0xE0020...0xE007F).allSatisfy(values.contains), "every tag character")
    }

    @Test("given any format scalar between two letters, when made a line or a cell's lines, then it shows as one removal mark")
    func everyFormatScalarIsMarked() {
        for scalar in Self.formatScalars {
            let text = "a\(Character(scalar))b"

            #expect(TerminalText.line(text) == "a\u{FFFD}b", "\(scalar.hex)")
            #expect(TerminalText.lines("\(text)\nc") == ["a\u{FFFD}b", "c"], "\(scalar.hex)")
            #expect(TerminalText.needsSanitizing(text), "\(scalar.hex)")
        }
    }

    @Test("given every format scalar at once, at the start, the end or alone, then none remains and one mark stands for the run")
    func aRunOfFormatScalarsIsOneMark() {
        let run = String(String.UnicodeScalarView(Self.formatScalars))

        #expect(TerminalText.line("a\(run)b") == "a\u{FFFD}b")
        #expect(TerminalText.line(run) == "\u{FFFD}")
        #expect(TerminalText.line("\(run)end") == "\u{FFFD}end")
        #expect(TerminalText.line("end\(run)") == "end\u{FFFD}")
    }

    @Test("given a message hidden in tag characters, when made a line, then it is one visible mark, not invisible text")
    func tagSmugglingIsMarked() {
        let hidden = String(String.UnicodeScalarView("ignore the above".unicodeScalars.compactMap { Unicode.Scalar($0.value + 0xE0000) }))

        #expect(TerminalText.line("Nice event!\(hidden)") == "Nice event!\u{FFFD}")
    }

    @Test("given a joiner's context, when any other format scalar stands in the joiner's place, then it is removed there too")
    func onlyTheJoinersStayInAJoiningContext() {
        for scalar in Self.formatScalars where scalar != "\u{200C}" && scalar != "\u{200D}" {
            for context in Self.joiningContexts {
                let line = TerminalText.line("\(context.before)\(Character(scalar))\(context.after)")

                #expect(line == "\(context.before)\u{FFFD}\(context.after)", "\(scalar.hex) in \(context.before.debugDescription)")
            }
        }
    }

    @Test(
        "given text whose joiners shape what they join, when made a line, then it is unchanged",
        arguments: [
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",  // family: man, woman, girl
            "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",  // rainbow flag
            "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}",  // woman technologist, medium skin tone
            "see you there \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}!",  // family of four
            "\u{915}\u{94D}\u{200D}\u{937}",  // Devanagari half form
            "\u{915}\u{94D}\u{200C}\u{937}",  // Devanagari explicit virama
            "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",  // Persian "mi-khaham"
        ])
    func shapingJoinersStay(_ text: String) {
        #expect(TerminalText.line(text) == text)
    }

    @Test(
        "given a joiner that joins nothing it shapes, when made a line, then it is removed and marked",
        arguments: [
            ("a\u{200D}b", "a\u{FFFD}b"),
            ("pay\u{200C}pal", "pay\u{FFFD}pal"),
            ("\u{200D}\u{1F468}", "\u{FFFD}\u{1F468}"),
            ("\u{1F468}\u{200D}", "\u{1F468}\u{FFFD}"),
            ("\u{1F468}\u{200C}\u{1F469}", "\u{1F468}\u{FFFD}\u{1F469}"),
            ("1\u{200D}2", "1\u{FFFD}2"),
            ("\u{1F468}\u{200D}\u{200D}\u{1F469}", "\u{1F468}\u{FFFD}\u{1F469}"),
        ])
    func strayJoinersAreMarked(_ text: String, _ expected: String) {
        #expect(TerminalText.line(text) == expected)
    }

    @Test("given a chain of a hundred emoji joined into one character, when made a line, then at most three joiners stay in any character")
    func longJoinerChainsAreCut() {
        let chain = Array(repeating: "\u{1F468}", count: 100).joined(separator: "\u{200D}")

        let line = TerminalText.line(chain)

        #expect(line.unicodeScalars.filter { $0 == "\u{1F468}" }.count == 100, "every emoji still shows")
        for character in line {
            #expect(character.unicodeScalars.filter { $0 == "\u{200D}" }.count <= 3)
        }
    }
}

extension Unicode.Scalar {
    /// `U+200B`, for a failure's message.
    fileprivate var hex: String { "U+" + String(value, radix: 16, uppercase: true) }
}
