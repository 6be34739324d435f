import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport

/// A list screen reduced to its table: rows published to a ``PagedTable`` titled "People", and
/// which rows it printed for each.
@MainActor
final class TableFixture<Row: Hashable & Sendable>: ListViewModelInputs, ListViewModelOutputs {
    private let rowsSource = OutputSource(ListRows<Row>())
    private var table: PagedTable<Row>?
    private var printed = PrintedRows.none

    var rows: Output<ListRows<Row>> { rowsSource.output }
    var isLoading: Output<Bool> { OutputSource(false).output }
    var isEmpty: Output<Bool> { OutputSource(false).output }
    var hasMorePages: Output<Bool> { OutputSource(false).output }
    var showError: Signal<String> { SignalSource<String>().signal }
    var showUpToDate: Signal<Void> { SignalSource<Void>().signal }

    func viewDidLoad() {}
    func refresh() {}
    func willDisplayRow(_ row: Int, outOf total: Int) {}

    /// - Parameters:
    ///   - columns: the cells' columns.
    ///   - console: where the table goes.
    ///   - tableRow: a row's cells.
    init(columns: TextTable, console: any Console, tableRow: @escaping (Row) -> TableRow) {
        let table = PagedTable(
            noun: "people", columns: columns, console: console, outputs: self, inputs: self, title: { _ in "People" },
            didPrint: { [weak self] _, printed in self?.printed = printed }, tableRow: tableRow
        )
        table.appear()
        self.table = table
    }

    /// Publishes `rows` and returns the rows the table printed for them.
    @discardableResult
    func show(_ rows: ListRows<Row>) -> PrintedRows {
        printed = .none
        rowsSource.send(rows)
        return printed
    }
}

extension TableFixture where Row == TableRow {
    /// A table of rows made by the test itself.
    convenience init(columns: TextTable, console: any Console) {
        self.init(columns: columns, console: console) { $0 }
    }

    /// Publishes `rows`, a list held whole, and returns the rows the table printed for them.
    @discardableResult
    func show(_ rows: [TableRow]) -> PrintedRows {
        show(ListRows(rows))
    }
}
