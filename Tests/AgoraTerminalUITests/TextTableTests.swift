import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@Suite("TextTable")
struct TextTableTests {
    @Test("given a right-aligned column, when rendered without a width, then columns line up")
    func alignsColumns() {
        let table = TextTable([TextTable.Column("#", alignment: .right), TextTable.Column("Title")])

        let lines = table.render([["1", "Alpha"], ["10", "Beta"]], width: nil)

        #expect(
            lines == [
                " #  Title",
                " 1  Alpha",
                "10  Beta",
            ])
    }

    @Test("given a table wider than the width, when rendered, then the flexible column shrinks to fit")
    func shrinksFlexibleColumn() {
        let table = TextTable([TextTable.Column("Title", isFlexible: true), TextTable.Column("Venue")])

        let lines = table.render([["A very long event title here", "Online"]], width: 20)

        #expect(
            lines == [
                "Title         Venue",
                "A very long…  Online",
            ])
        #expect(lines.allSatisfy { TextWidth.of($0) <= 20 })
    }

    @Test("given a width the flexible column's 8 columns leave room for, when rendered, then the flexible column stops at 8 and fixed ones keep theirs")
    func flexibleColumnHasMinimum() {
        let table = TextTable([TextTable.Column("Title", isFlexible: true), TextTable.Column("Venue")])

        let lines = table.render([["A very long event title here", "Riverside Library"]], width: 27)

        #expect(lines[1] == "A very …  Riverside Library")
    }

    @Test("given a width too narrow even with the flexible column at 8, when rendered, then every column shrinks, widest first, and each line fits")
    func everyColumnShrinksLast() {
        let table = TextTable([TextTable.Column("Title", isFlexible: true), TextTable.Column("Venue")])

        let lines = table.render([["A very long event title here", "Riverside Library"]], width: 20)

        #expect(lines == ["Title     Venue", "A very …  Riverside…"])
        #expect(lines.allSatisfy { TextWidth.of($0) <= 20 })
    }

    @Test("given columns of low and medium priority, when narrowed, then the low one is left out first, then the medium one; high ones stay")
    func priorityLeavesColumnsOut() {
        let table = TextTable([
            TextTable.Column("#", alignment: .right),
            TextTable.Column("Event", isFlexible: true),
            TextTable.Column("Where", isFlexible: true, priority: .medium),
            TextTable.Column("Going", alignment: .right, priority: .low),
        ])
        let rows = [["1", "Swift on the Server", "The Foundry", "40"]]

        #expect(table.render(rows, width: 60) == ["#  Event                Where        Going", "1  Swift on the Server  The Foundry     40"])
        // Flexible columns shrink first, the medium one to its 8 before the high one gives any.
        #expect(table.render(rows, width: 35) == ["#  Event            Where     Going", "1  Swift on the S…  The Fou…     40"])
        // Even at 8, too wide: the low column goes, and the others share what it left.
        #expect(table.render(rows, width: 27) == ["#  Event           Where", "1  Swift on the …  The Fou…"])
        // Then the medium one goes; the high ones stay, cut if they must be.
        #expect(table.render(rows, width: 20) == ["#  Event", "1  Swift on the Ser…"])
    }

    @Test("given the feature tables' shapes, when rendered at every width from 40 to 120, then no line is wider than the width")
    func everyWidthFits() {
        let table = TextTable([
            TextTable.Column("#", alignment: .right), TextTable.Column("Who"), TextTable.Column("When", priority: .low),
            TextTable.Column("Comment", isFlexible: true),
        ])
        let rows = [["12", "Alice Martin (you)", "Wed, Nov 25, 2026 at 11:58 AM", "A longer thought for the thread: 楽しみにしています！"]]
        for width in 40...120 {
            #expect(table.render(rows, width: width).allSatisfy { TextWidth.of($0) <= width }, "at \(width)")
        }
    }

    @Test("given wide characters, when rendered with padded cells, then every line has the same display width")
    func wideCharactersCountTwo() {
        let table = TextTable([TextTable.Column("Title"), TextTable.Column("Venue", alignment: .right)])

        let lines = table.render([["Swift 勉強会", "渋谷"], ["Coffee & Code", "Online"]], width: nil)

        #expect(lines[1] == "Swift 勉強会     渋谷")
        #expect(lines.map(TextWidth.of) == [21, 21, 21])
    }

    @Test("given wide characters in a flexible column too wide for the width, when rendered, then every line is exactly the width")
    func wideCharactersShrinkToWidth() {
        let table = TextTable([TextTable.Column("Title", isFlexible: true), TextTable.Column("Venue", alignment: .right)])
        let rows = [["もくもく会 in 渋谷 with a long suffix", "梅田スカイビル"], ["Coffee", "Online"]]

        for width in [24, 25, 30] {
            let lines = table.render(rows, width: width)
            #expect(lines.map(TextWidth.of) == [width, width, width], "at width \(width): \(lines)")
        }
    }

    @Test("given a range of rows, when rendered without the header, then they are laid out as if all rows were shown")
    func rendersSomeRowsAlignedWithAll() {
        let table = TextTable([TextTable.Column("#", alignment: .right), TextTable.Column("Title")])
        let rows = [["1", "One"], ["2", "Two"], ["100", "Hundred"]]

        let lines = table.render(rows, width: nil, including: 0..<2, header: false)

        #expect(lines == ["  1  One", "  2  Two"])
    }

    @Test(
        "given two cells that the same cut would make alike, when rendered narrow, then they are cut in the middle and stay apart; a cut alone keeps its start")
    func cutKeepsRowsApart() {
        let table = TextTable([.init("Event", isFlexible: true)])
        let rows = [["Swift on the Server"], ["Swift on the Server #2"], ["A long title nobody shares"]]

        let lines = table.render(rows, width: 16)

        #expect(lines[1] != lines[2], "\(lines)")
        #expect(lines[1].hasPrefix("Swift on") && lines[1].hasSuffix("Server"), "\(lines)")
        #expect(lines[2].hasSuffix("#2"), "\(lines)")
        #expect(lines[3] == TextWidth.truncate("A long title nobody shares", to: 16))
        #expect(lines.allSatisfy { TextWidth.of($0) <= 16 })
    }
}
