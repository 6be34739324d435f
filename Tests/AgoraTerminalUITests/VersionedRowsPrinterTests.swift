import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// A long list printed by versions: what is printed is what a list of rows would print, and a
/// row is made only when its version is new or it is printed.
@MainActor
@Suite("TableRowsPrinter with row versions: a long list makes only the rows it needs")
struct VersionedRowsPrinterTests {
    /// Names by index, with a version each, counting the rows made.
    final class People {
        var names: [String]
        var versions: [Int]
        private(set) var made: [Int] = []

        init(_ names: [String]) {
            self.names = names
            versions = names.map(\.hashValue)
        }

        func row(_ index: Int) -> TableRow {
            made.append(index)
            return TableRow(id: String(index), cells: [.text(names[index])])
        }

        func forgetMade() { made = [] }
    }

    func printer(on console: any Console) -> TableRowsPrinter {
        TableRowsPrinter(table: TextTable([.init("Name", isFlexible: true)]), console: console)
    }

    func show(_ people: People, on printer: TableRowsPrinter) -> [Int] {
        printer.show(rowCount: people.names.count, version: { people.versions[$0] }, row: people.row) { "People" }
    }

    /// A printer that has shown `people` once, its console emptied and the rows made forgotten.
    func shownOnce(_ people: People) -> (console: BufferConsole, printer: TableRowsPrinter) {
        let console = BufferConsole()
        let printer = printer(on: console)
        _ = show(people, on: printer)
        console.clear()
        people.forgetMade()
        return (console, printer)
    }

    /// `people` with a page of 20 more appended.
    func appendPage(to people: People) {
        let next = people.names.count + 1
        people.names += (next..<next + 20).map { "Person \($0)" }
        people.versions = people.names.map(\.hashValue)
    }

    @Test("given a list shown, when a page is appended, then only the page's rows are made and printed")
    func appendedPageMakesItsRows() {
        let people = People((1...40).map { "Person \($0)" })
        let (console, printer) = shownOnce(people)

        appendPage(to: people)
        let shown = show(people, on: printer)

        #expect(shown == Array(40..<60))
        #expect(Set(people.made) == Set(40..<60), "no row before the page is made")
        #expect(console.lines.first == "41  Person 41")
        #expect(console.lines.count == 20)
    }

    @Test("given a list shown and the screen telling its rows are unchanged, when a page is appended, then no earlier row's version is asked for")
    func unchangedRowsSkipTheirVersions() {
        let people = People((1...40).map { "Person \($0)" })
        let (console, printer) = shownOnce(people)
        appendPage(to: people)
        var asked: [Int] = []

        let shown = printer.show(
            rowCount: 60, unchangedRows: 40,
            version: {
                asked.append($0)
                return people.versions[$0]
            }, row: people.row
        ) { "People" }

        #expect(shown == Array(40..<60))
        #expect(asked == Array(40..<60), "only the new rows' versions")
        #expect(Set(people.made) == Set(40..<60))
        #expect(console.lines.count == 20)
    }

    @Test("given a list shown, when a row's version changes but its cells do not (a new viewer), then it is made and nothing is printed")
    func newVersionSameCellsPrintsNothing() {
        let people = People(["Ada", "Grace", "Edsger"])
        let (console, printer) = shownOnce(people)

        people.versions[1] &+= 1
        let shown = show(people, on: printer)

        #expect(shown.isEmpty)
        #expect(console.lines.isEmpty)
        #expect(people.made == [1], "only the row with a new version is made, to compare its cells")
    }

    @Test("given a list shown, when a row arrives on top, then the header and that row are printed, as a list of rows would be")
    func rowOnTop() {
        let people = People(["Ada", "Grace"])
        let (console, printer) = shownOnce(people)

        people.names.insert("New", at: 0)
        people.versions.insert("New".hashValue, at: 0)
        let shown = show(people, on: printer)

        #expect(shown == [0])
        #expect(console.lines == ["#  Name", "1  New"])
    }

    @Test("given a list shown, when one row changes, then it is printed under the header, as a list of rows would be")
    func changedRowUnderHeader() {
        let console = BufferConsole()
        let printer = printer(on: console)
        let people = People(["Ada", "Grace"])
        _ = show(people, on: printer)
        console.clear()

        people.names[1] = "Grace Hopper"
        people.versions[1] = "Grace Hopper".hashValue
        _ = show(people, on: printer)

        #expect(console.lines == ["#  Name", "2  Grace Hopper"])
    }
}
