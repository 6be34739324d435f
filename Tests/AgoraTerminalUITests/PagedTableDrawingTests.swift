import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// Takes tables as data, as `--format json` does, and keeps what it was given.
@MainActor
final class DataRecordingConsole: Console {
    private(set) var tables: [(rows: TableRows, isWholeTable: Bool)] = []
    let width: Int? = nil
    func print(_ line: String) {}
    func error(_ message: String) {}
    func showRows(_ rows: @autoclosure () -> TableRows, isWholeTable: Bool) -> Bool {
        tables.append((rows(), isWholeTable))
        return true
    }
}

@MainActor
@Suite("PagedTable's drawing: numbered rows, only what changed, dates that fit")
struct PagedTableDrawingTests {
    let environment = AgoraEnvironment.test()

    func row(_ id: String, _ name: String) -> TableRow {
        TableRow(id: id, cells: [.text(name)])
    }

    func makeTable(on console: any Console) -> TableFixture<TableRow> {
        TableFixture(columns: TextTable([.init("Name", isFlexible: true)]), console: console)
    }

    @Test(
        "given a table shown, when a row arrives on top, then only the header and that row are printed, numbered 1, and a line says the rows shown before moved down"
    )
    func rowOnTopPrintsOnlyIt() {
        let console = BufferConsole()
        let table = makeTable(on: console)
        table.show([row("a", "Ada"), row("g", "Grace")])
        console.clear()

        let shown = table.show([row("n", "New"), row("a", "Ada"), row("g", "Grace")])

        #expect(shown == PrintedRows(indices: [0], isWholeTable: false))
        #expect(console.lines == ["#  Name", "1  New", "Row 1 is new: the rows shown before are now 2–3."])
    }

    @Test("given a table shown, when one row changes in place, then the header and that row are printed")
    func changedRowUnderHeader() {
        let console = BufferConsole()
        let table = makeTable(on: console)
        table.show([row("a", "Ada"), row("g", "Grace")])
        console.clear()

        table.show([row("a", "Ada"), row("g", "Grace Hopper")])

        #expect(console.lines == ["#  Name", "2  Grace Hopper"])
    }

    @Test("given a table shown, when a page is appended, then only its rows are printed, with no header")
    func appendedPageContinues() {
        let console = BufferConsole()
        let table = makeTable(on: console)
        table.show([row("a", "Ada")])
        console.clear()

        table.show([row("a", "Ada"), row("g", "Grace")])

        #expect(console.lines == ["2  Grace"])
    }

    @Test("given rows with a date, when the console is narrower than 100 columns, then dates are compact; from 100, full")
    func compactDatesWhenNarrow() {
        let date = environment.displayDate(AgoraEnvironment.testReferenceDate)
        let rows = [TableRow(id: "1", cells: [.date(date), .text("Launch")])]
        let table = TextTable([.init("When"), .init("What", isFlexible: true)])
        let narrow = BufferConsole(width: 99)
        let wide = BufferConsole(width: 100)

        TableFixture(columns: table, console: narrow).show(rows)
        TableFixture(columns: table, console: wide).show(rows)

        #expect(narrow.lines.last?.contains(date.compactText) == true, "\(narrow.lines)")
        #expect(narrow.lines.last?.contains(date.text) == false, "\(narrow.lines)")
        #expect(wide.lines.last?.contains(date.text) == true, "\(wide.lines)")
    }

    @Test("given a console that takes data, when rows arrive on top, then it gets those rows with their numbers, ids and typed cells")
    func dataConsoleGetsTypedRows() {
        let console = DataRecordingConsole()
        let table = makeTable(on: console)
        table.show([row("a", "Ada")])

        table.show([TableRow(id: "n", cells: [.number(7)]), row("a", "Ada")])

        #expect(console.tables.count == 2)
        #expect(console.tables[0].isWholeTable)
        #expect(console.tables[1].isWholeTable == false)
        #expect(console.tables[1].rows.columns == ["name"], "named for a program")
        #expect(console.tables[1].rows.rows == [TableRows.Row(number: 1, id: "n", cells: [.number(7)])])
    }
}
