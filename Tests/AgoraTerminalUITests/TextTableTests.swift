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

    @Test("given a very narrow width, when rendered, then a flexible column keeps 8 columns and fixed ones keep theirs")
    func flexibleColumnHasMinimum() {
        let table = TextTable([TextTable.Column("Title", isFlexible: true), TextTable.Column("Venue")])

        let lines = table.render([["A very long event title here", "Riverside Library"]], width: 10)

        #expect(lines[1] == "A very …  Riverside Library")
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
}
