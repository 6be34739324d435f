import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// A long list printed through a window of its rows: what is printed is what a list held whole
/// would print, and only the rows printed are made into table rows.
@MainActor
@Suite("PagedTable with a window of rows: a long list prints and makes only what changed")
struct PagedTableWindowTests {
    /// Counts the table rows made.
    final class Made {
        var indices: [String] = []
    }

    func makeTable(on console: any Console, made: Made) -> TableFixture<String> {
        TableFixture(columns: TextTable([.init("Name", isFlexible: true)]), console: console) { name in
            made.indices.append(name)
            return TableRow(id: name, cells: [.text(name)])
        }
    }

    func names(_ range: Range<Int>) -> [String] {
        range.map { "Person \($0 + 1)" }
    }

    @Test("given a window shown, when it slides by a page at the end, then only the page's rows are made and printed, numbered in the whole list")
    func slidingWindow() {
        let console = BufferConsole()
        let made = Made()
        let table = makeTable(on: console, made: made)
        table.show(ListRows(names(0..<1_000), from: 0, totalCount: 1_000))
        console.clear()
        made.indices = []

        let shown = table.show(ListRows(names(20..<1_020), from: 20, totalCount: 1_020))

        #expect(shown == PrintedRows(indices: Array(1_000..<1_020), isWholeTable: false))
        #expect(made.indices == names(1_000..<1_020))
        #expect(console.lines.count == 20)
        #expect(console.lines.first?.contains("1001") == true && console.lines.first?.contains("Person 1001") == true)
    }

    @Test("given a window far down the list, when it moves back to rows printed before, then nothing is printed")
    func windowMovesBack() {
        let console = BufferConsole()
        let made = Made()
        let table = makeTable(on: console, made: made)
        table.show(ListRows(names(0..<100), from: 0, totalCount: 100))
        table.show(ListRows(names(50..<150), from: 50, totalCount: 150))
        console.clear()

        let shown = table.show(ListRows(names(0..<100), from: 0, totalCount: 150))

        #expect(shown == .none)
        #expect(console.lines.isEmpty)
    }

    @Test("given a list shown, when a row arrives on top, then the header and that row are printed, then that the rows below moved down")
    func rowOnTop() {
        let console = BufferConsole()
        let made = Made()
        let table = makeTable(on: console, made: made)
        table.show(ListRows(names(0..<3)))
        console.clear()

        let shown = table.show(ListRows(["New"] + names(0..<3)))

        #expect(shown == PrintedRows(indices: [0], isWholeTable: false))
        #expect(console.lines.count == 3)
        #expect(console.lines[1].contains("New"))
        #expect(console.lines.last == "Row 1 is new: the rows shown before are now 2–4.")
    }

    @Test("given a list shown, when one row changes, then it alone is printed under the header")
    func oneRowChanges() {
        let console = BufferConsole()
        let made = Made()
        let table = makeTable(on: console, made: made)
        var rows = names(0..<5)
        table.show(ListRows(rows))
        console.clear()

        rows[2] = "Changed"
        let shown = table.show(ListRows(rows))

        #expect(shown == PrintedRows(indices: [2], isWholeTable: false))
        #expect(console.lines.count == 2)
        #expect(console.lines.last?.contains("Changed") == true)
    }
}
