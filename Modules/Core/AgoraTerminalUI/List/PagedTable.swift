import AgoraArchitecture
import AgoraHosting

/// What every list screen does the same way, written once: the list's rows drawn as a numbered
/// table that prints only what changed, the list's errors and "up to date", and the commands
/// ``ScreenCommand/more(_:)``, ``ScreenCommand/refresh(_:)``, ``ScreenCommand/open(_:)`` and
/// ``ScreenCommand/show(_:)``.
///
/// A terminal keeps what was printed, so printing less keeps the user's place: a new list is
/// drawn whole under its title, a page appended prints its rows only, rows arriving at the top (a
/// comment posted) or changing in place (a comment confirmed) print under the header again.
/// Rows are numbered from 1 in the whole list, dates are compact below
/// ``TableCell/compactDatesBelowColumns`` columns, and a console that takes tables as data gets
/// the typed cells and each row's id.
///
/// A feature's list screen holds one, gives it its columns and what a row's cells are, and keeps
/// only what is its own: its empty state and its other commands.
///
/// ```swift
/// table = PagedTable(
///     noun: "events", columns: Self.columns, console: console,
///     outputs: viewModel.outputs, inputs: inputs, title: { _ in "Upcoming events" },
///     open: { row in inputs.rowTapped(row.id) }
/// ) { row in TableRow(id: String(row.id), cells: [.text(row.title)]) }
/// ```
///
/// The user names a row by the number the table printed; the screen hands the ViewModel that
/// row's id (``actOnRow(numbered:_:)``), so a row that moved since is never taken for another.
@MainActor
public final class PagedTable<Row: Hashable & Sendable> {
    private let noun: String
    let console: any Console
    private let outputs: any ListViewModelOutputs<Row>
    private let inputs: any ListViewModelInputs
    /// What `more`, `refresh` and `show` do, as every view's list does it.
    private let actions: ListActions<Row>
    // What PagedTable+Drawing.swift reads and keeps: internal, as an extension in another file
    // cannot see private members.

    /// The row number, then the cells' columns.
    let layout: TextTable
    let cellColumns: [String]
    let tableRow: (Row) -> TableRow
    /// The rows printed last and the form their dates took; `nil` before the first table.
    var printed: (rows: ListRows<Row>, compact: Bool)?
    /// ``TextTable/naturalWidths(of:)`` of the rows printed.
    var printedWidths: [Int] = []
    /// The last table drawn whole, to draw it again at no cost (a screen that comes back).
    var lastWholeTable: (rows: ListRows<Row>, width: Int?, compact: Bool, naturalWidths: [Int], lines: [String])?
    let title: @MainActor (ListRows<Row>) -> String
    private let open: (@MainActor (Row) -> Void)?
    private let showWhole: (@MainActor (Row) -> Void)?
    private let emptyMessage: @MainActor () -> String?
    private let didPrint: @MainActor (ListRows<Row>, PrintedRows) -> Void
    private var observations: [OutputObservation] = []
    /// A command on a row outside the rows held: the row, and what to do with it when they hold it.
    private var actionAwaitingRow: (index: Int, act: @MainActor (Row) -> Void)?

    /// - Parameters:
    ///   - noun: what the list holds, in the plural ("events"), for `more` at the end.
    ///   - columns: the columns of a row's cells; the table numbers the rows before them.
    ///   - console: where the table and the messages go.
    ///   - outputs: the list ViewModel's outputs (a feature's outputs existential opens here:
    ///     `any EventsListViewModelOutputs` is one).
    ///   - inputs: the inputs `more`, `refresh` and `show` send (the screen's traced ones).
    ///   - title: the line above a whole table.
    ///   - open: what `open <n>` does with the row numbered n (sends its id); `nil` when rows
    ///     open nothing.
    ///   - showWhole: prints a row whole for `show <row>`; `nil` when a row has nothing more.
    ///   - emptyMessage: why the list is empty, in the screen's words, when that is known.
    ///   - didPrint: called after rows were printed, with which ones (notes under them).
    ///   - tableRow: a row's cells.
    public init<Outputs: ListViewModelOutputs<Row>>(
        noun: String, columns: TextTable, console: any Console, outputs: Outputs,
        inputs: any ListViewModelInputs, title: @escaping @MainActor (ListRows<Row>) -> String,
        open: (@MainActor (Row) -> Void)? = nil, showWhole: (@MainActor (Row) -> Void)? = nil,
        emptyMessage: @escaping @MainActor () -> String? = { nil },
        didPrint: @escaping @MainActor (ListRows<Row>, PrintedRows) -> Void = { _, _ in },
        tableRow: @escaping (Row) -> TableRow
    ) {
        self.noun = noun
        self.console = console
        self.outputs = outputs
        actions = ListActions(outputs: outputs, inputs: inputs)
        self.inputs = inputs
        self.title = title
        self.open = open
        self.showWhole = showWhole
        self.emptyMessage = emptyMessage
        self.didPrint = didPrint
        layout = TextTable([.init("#", alignment: .right)] + columns.columns)
        cellColumns = columns.columns.map(\.key)
        self.tableRow = tableRow
    }

    /// Starts drawing the list's rows as they change, and its errors.
    public func appear() {
        observations = [
            outputs.rows.observe { [weak self] rows in self?.show(rows) },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showUpToDate.observe { [weak self] in self?.console.print(ListMessages.upToDate) },
        ]
    }

    /// Draws the whole table again: the screen came back into view.
    ///
    /// - Parameter input: sent first, when coming back may change the rows (a login that did not
    ///   happen); what it changes is in the table drawn.
    public func reappear(after input: () -> Void = {}) {
        printed = nil
        input()
        show(outputs.rows.value)
    }

    /// Runs `more`, `refresh`, `open` or `show`; returns `false` for any other command, which
    /// is the screen's own.
    public func perform(_ command: String, arguments: [String]) throws(CommandError) -> Bool {
        let rows = outputs.rows.value
        switch command {
        case "more":
            if rows.isEmpty, let message = emptyMessage() {
                console.print(message)
            } else if case .noMorePages(let shown, let isLoaded) = actions.more() {
                console.print(ListMessages.noMorePages(noun, shown: shown, isLoaded: isLoaded))
            }
        case "refresh":
            actions.refresh()
        case "open":
            guard let open else { return false }
            try actOnRow(numbered: arguments[0], open)
        case "show":
            guard let showWhole else { return false }
            try actOnRow(numbered: arguments[0], showWhole)
        default:
            return false
        }
        return true
    }

    /// Does `act` with the row the user numbered `number` (from 1): the row printed under that
    /// number last, which `act` names to the ViewModel by its id. A row far from the rows held
    /// (a long thread holds a window of them) is brought in first, and `act` runs then.
    ///
    /// - Throws: a ``CommandError`` when `number` is not a row number of the list.
    public func actOnRow(numbered number: String, _ act: @escaping @MainActor (Row) -> Void) throws(CommandError) {
        let index = try CommandError.row(number, of: outputs.rows.value.totalCount) - 1
        if let printed = printed?.rows, printed.indices.contains(index) {
            act(printed[index])
        } else if let row = actions.row(index) {
            act(row)
        } else {
            actionAwaitingRow = (index, act)
        }
    }

    /// The row numbers `open` and `show` take (every row, held or not); `nil` for another
    /// command.
    public func completions(forArgumentOf command: String) -> [String]? {
        guard (command == "open" && open != nil) || (command == "show" && showWhole != nil) else { return nil }
        return (0..<outputs.rows.value.totalCount).map { String($0 + 1) }
    }

    private func show(_ rows: ListRows<Row>) {
        didPrint(rows, draw(rows))
        if let (index, act) = actionAwaitingRow, rows.indices.contains(index) {
            actionAwaitingRow = nil
            act(rows[index])
        }
    }
}
