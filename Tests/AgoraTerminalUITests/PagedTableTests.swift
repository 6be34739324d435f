import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// The commands every list screen shares, run once by the terminal kit against any list
/// ViewModel: `more`, `refresh`, `open <row>`, `show <row>`, and the rows drawn as they change.
@MainActor
@Suite("PagedTable: a list screen's shared commands and drawing")
struct PagedTableTests {
    /// A list ViewModel reduced to what every list has; it records the inputs it gets.
    @MainActor
    final class PeopleList: ListViewModelInputs, ListViewModelOutputs {
        let rowsSource = OutputSource(ListRows<String>())
        let hasMorePagesSource = OutputSource(false)
        let errors = SignalSource<String>()
        let upToDate = SignalSource<Void>()
        var received: [String] = []

        var rows: Output<ListRows<String>> { rowsSource.output }
        var isLoading: Output<Bool> { OutputSource(false).output }
        var isEmpty: Output<Bool> { OutputSource(false).output }
        var hasMorePages: Output<Bool> { hasMorePagesSource.output }
        var showError: Signal<String> { errors.signal }
        var showUpToDate: Signal<Void> { upToDate.signal }

        func viewDidLoad() { received.append("viewDidLoad") }
        func refresh() { received.append("refresh") }
        func willDisplayRow(_ row: Int, outOf total: Int) { received.append("willDisplayRow \(row) of \(total)") }
    }

    let console = BufferConsole()
    let list = PeopleList()

    func table(opens: Bool = false, showsWhole: Bool = false, emptyMessage: String? = nil) -> PagedTable<String> {
        let (console, list) = (console, list)
        var open: (@MainActor (String) -> Void)?
        if opens { open = { row in list.received.append("open \(row)") } }
        var showWhole: (@MainActor (String) -> Void)?
        if showsWhole { showWhole = { name in console.print("Whole: \(name)") } }
        let table = PagedTable<String>(
            noun: "people", columns: TextTable([.init("Name", isFlexible: true)]), console: console, outputs: list, inputs: list,
            title: { rows in "People (\(rows.totalCount))" }, open: open, showWhole: showWhole, emptyMessage: { emptyMessage }
        ) { name in TableRow(id: name, cells: [.text(name)]) }
        table.appear()
        return table
    }

    func names(_ range: Range<Int>) -> [String] {
        range.map { "Person \($0 + 1)" }
    }

    @Test("given rows published, then they are drawn as a numbered table under the title; the same rows again print nothing")
    func drawsRows() {
        let table = table()
        list.rowsSource.send(ListRows(names(0..<2)))
        list.rowsSource.send(ListRows(names(0..<2)))
        withExtendedLifetime(table) {}

        #expect(console.lines == ["People (2)", "#  Name", "1  Person 1", "2  Person 2"])
    }

    @Test("given the last page shown, when `more`, then it says all rows are shown and asks for nothing")
    func moreAtTheEnd() throws {
        let table = table()
        list.rowsSource.send(ListRows(names(0..<3)))
        console.clear()

        #expect(try table.perform("more", arguments: []))

        #expect(console.lines == ["No more people: all 3 are shown."])
        #expect(list.received.isEmpty)
    }

    @Test("given a page after the rows, when `more`, then the last row is displayed, which asks for the next page")
    func moreAsksForTheNextPage() throws {
        let table = table()
        list.rowsSource.send(ListRows(names(0..<20)))
        list.hasMorePagesSource.send(true)

        _ = try table.perform("more", arguments: [])

        #expect(list.received == ["willDisplayRow 19 of 20"])
    }

    @Test("given an empty list whose screen knows why, when `more`, then the screen's words say why; not knowing, that nothing is loaded")
    func moreOnAnEmptyList() throws {
        _ = try table(emptyMessage: "Nobody here yet.").perform("more", arguments: [])
        _ = try table().perform("more", arguments: [])

        #expect(console.lines == ["Nobody here yet.", "Nothing is loaded yet: `refresh` loads the first page."])
    }

    @Test("when `refresh`, then the list refreshes; errors and an unchanged refresh are told")
    func refreshAndMessages() throws {
        let table = table()

        _ = try table.perform("refresh", arguments: [])
        list.errors.send("The server cannot be reached.")
        list.upToDate.send()

        #expect(list.received == ["refresh"])
        #expect(console.lines == ["error: The server cannot be reached.", "Up to date: nothing changed since the last load."])
    }

    @Test("given rows that open, when `open 2`, then the row printed as 2 opens; a row out of range is a one-line error")
    func open() throws {
        let table = table(opens: true)
        list.rowsSource.send(ListRows(names(0..<3)))

        _ = try table.perform("open", arguments: ["2"])
        #expect(throws: CommandError("Expected a row number from 1 to 3, got '4'.")) {
            try table.perform("open", arguments: ["4"])
        }

        #expect(list.received == ["open Person 2"])
        #expect(table.completions(forArgumentOf: "open") == ["1", "2", "3"])
    }

    @Test("given a long list held around its top, when `open 4000`, then the list is asked to bring row 4000 in, and that row opens once it is held")
    func openFarRowBringsItInFirst() throws {
        let table = table(opens: true)
        list.rowsSource.send(ListRows(names(0..<100), from: 0, totalCount: 5_000))

        _ = try table.perform("open", arguments: ["4000"])
        #expect(list.received == ["willDisplayRow 3999 of 5000"])

        list.rowsSource.send(ListRows(names(3_500..<4_500), from: 3_500, totalCount: 5_000))
        #expect(list.received == ["willDisplayRow 3999 of 5000", "open Person 4000"])
    }

    @Test("given rows printed, when a row arrives on top, then `open 2` opens the row printed as 2 since: the table numbers rows as it last printed them")
    func openNamesTheRowAsPrinted() throws {
        let table = table(opens: true)
        list.rowsSource.send(ListRows(names(0..<3)))
        list.rowsSource.send(ListRows(["Newcomer"] + names(0..<3)))

        _ = try table.perform("open", arguments: ["2"])

        #expect(console.lines.contains("1  Newcomer"), "the new row was printed: \(console.lines)")
        #expect(list.received == ["open Person 1"])
    }

    @Test("given rows that neither open nor show more, when `open` or `show`, then they are the screen's own commands")
    func commandsNotGiven() throws {
        let table = table()
        list.rowsSource.send(ListRows(names(0..<3)))

        #expect(try !table.perform("open", arguments: ["1"]))
        #expect(try !table.perform("show", arguments: ["1"]))
        #expect(try !table.perform("post", arguments: ["hi"]))
        #expect(table.completions(forArgumentOf: "open") == nil)
        #expect(list.received.isEmpty)
    }

    @Test("given a window of a long list, when `show` names a row outside it, then the list is asked for it and the row shows when it arrives")
    func showOutsideTheWindow() throws {
        let table = table(showsWhole: true)
        list.rowsSource.send(ListRows(names(0..<100), from: 0, totalCount: 5_000))
        console.clear()

        _ = try table.perform("show", arguments: ["4000"])
        #expect(list.received == ["willDisplayRow 3999 of 5000"])
        #expect(console.lines.isEmpty)

        list.rowsSource.send(ListRows(names(3_500..<4_500), from: 3_500, totalCount: 5_000))
        #expect(console.lines.last == "Whole: Person 4000")

        _ = try table.perform("show", arguments: ["3600"])
        #expect(console.lines.last == "Whole: Person 3600")
    }

    @Test("given the table drawn, when the screen reappears, then the whole table is drawn again, after the input that may change it")
    func reappear() {
        let table = table()
        list.rowsSource.send(ListRows(names(0..<1)))
        console.clear()

        table.reappear { list.rowsSource.send(ListRows(["Changed"])) }

        #expect(console.lines.filter { $0 == "People (1)" }.count == 1)
        #expect(console.lines.last == "1  Changed")
    }
}
