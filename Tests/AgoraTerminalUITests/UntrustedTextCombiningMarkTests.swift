import AgoraTerminalUI
import Testing

/// Combining marks in text from outside: a few on a letter are writing (Vietnamese, Hebrew
/// points); thousands on one letter (from an old cache, or a hostile server) are one character
/// that a terminal draws over the lines above and below. A character shows at most
/// ``TerminalText/maximumMarksPerCharacter`` marks, and the cut is marked.
@Suite("Untrusted text: combining marks")
struct UntrustedTextCombiningMarkTests {
    static let cap = TerminalText.maximumMarksPerCharacter

    /// Marks of every kind: nonspacing (acute, grave, cedilla, a Hebrew point), enclosing
    /// (a keycap's), spacing (a Devanagari vowel sign).
    static let marks: [Unicode.Scalar] = ["\u{301}", "\u{300}", "\u{327}", "\u{5B4}", "\u{20DD}", "\u{93E}"]

    /// How many combining marks `character` holds.
    static func markCount(_ character: Character) -> Int {
        character.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: true
            default: false
            }
        }.count
    }

    @Test("given 1,990 combining marks on one letter, when made a line, then the letter keeps the cap's worth of marks and one removal mark shows the cut")
    func aLongRunIsCut() {
        let text = "e" + String(repeating: "\u{301}", count: 1_990) + "nd"

        let line = TerminalText.line(text)

        #expect(line == "e" + String(repeating: "\u{301}", count: Self.cap) + "\u{FFFD}nd")
        #expect(line.unicodeScalars.count == 1 + Self.cap + 3)
    }

    @Test(
        "given runs of every kind and length of mark on any character, when made a line or lines, then no character shows more than the cap, and what is cut is marked",
        arguments: [0, 1, 8, 9, 10, 50, 1_990])
    func noCharacterExceedsTheCap(_ count: Int) {
        for mark in Self.marks {
            for base in ["e", "\u{5D1}", "\u{1F44D}", ""] {
                let run = String(repeating: Character(mark), count: count)
                let text = "x \(base)\(run) y"

                let line = TerminalText.line(text)
                let lines = TerminalText.lines("\(text)\n\(text)")

                for output in [line] + lines {
                    #expect(output.allSatisfy { Self.markCount($0) <= Self.cap }, "\(mark.value) × \(count) on \(base.debugDescription)")
                    #expect(output.hasSuffix(" y"))
                    #expect(output.unicodeScalars.contains("\u{FFFD}") == (count > Self.cap), "\(mark.value) × \(count) on \(base.debugDescription)")
                }
            }
        }
    }

    @Test("given a run of marks cut up by format characters or virama-joiner pairs, when made a line, then no character shows more than the cap either")
    func runsBrokenByRemovalsOrJoinersAreCapped() {
        let brokenByZeroWidthSpaces = "e" + Array(repeating: String(repeating: "\u{301}", count: 6), count: 300).joined(separator: "\u{200B}")
        let viramaJoinerChain = "\u{915}" + String(repeating: "\u{94D}\u{200D}", count: 500) + "\u{937}"

        for text in [brokenByZeroWidthSpaces, viramaJoinerChain] {
            let line = TerminalText.line(text)

            #expect(line.allSatisfy { Self.markCount($0) <= Self.cap })
            #expect(line.unicodeScalars.contains("\u{FFFD}"), "the removals are marked, marks on the mark")
        }
    }

    @Test(
        "given writing that stacks a few marks, when made a line, then it is unchanged",
        arguments: [
            "Tiếng Việt",  // Vietnamese: two marks on a vowel
            "\u{5D1}\u{5BC}\u{5B0}\u{5E8}\u{5B5}\u{5D0}\u{5E9}\u{5C1}\u{5B4}\u{5D9}\u{5EA}",  // Hebrew with points
            "\u{E01}\u{E34}\u{E48}\u{E07}",  // Thai: a vowel and a tone mark
            "e" + String(repeating: "\u{301}", count: TerminalText.maximumMarksPerCharacter),  // exactly the cap
        ])
    func ordinaryMarksAreUnchanged(_ text: String) {
        #expect(TerminalText.line(text) == text)
    }

    @Test("given a table cell holding a letter with 1,990 marks, when rendered, then each line stays short and the table lines up")
    func aTableCellStaysSane() {
        let table = TextTable([.init("#", alignment: .right), .init("Who"), .init("Comment", isFlexible: true)])
        let zalgo = "h" + String(repeating: "\u{336}\u{301}", count: 995) + "i"

        let lines = table.render([["1", "Mallory", zalgo], ["2", "Alice", "ok"]], width: 40)

        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.unicodeScalars.count < 40 + Self.cap + 2 }, "\(lines.map(\.unicodeScalars.count))")
        #expect(lines.allSatisfy { $0.allSatisfy { Self.markCount($0) <= Self.cap } })
        #expect(lines[1].unicodeScalars.starts(with: "1  Mallory  h".unicodeScalars))
        #expect(lines[2] == "2  Alice    ok")
    }
}
