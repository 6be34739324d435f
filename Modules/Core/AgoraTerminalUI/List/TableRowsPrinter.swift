import AgoraArchitecture

/// Draws a list screen's rows as a numbered table and, when they change, only what changed: the
/// whole table under its title for a new list, just the new rows when a page was appended, just
/// the new rows under the header when rows arrived at the top (a comment posted), just the
/// changed rows under the header when every row kept its number (a comment confirmed). A
/// terminal keeps what was printed, so printing less keeps the user's place.
///
/// It numbers the rows (`#`, from 1 in the whole list) and picks each cell's form for the
/// console: dates are compact below ``TableCell/compactDatesBelowColumns`` columns, and a console
/// that takes tables as data gets the typed cells and each row's id.
///
/// It keeps the rows printed last, which the list holds anyway, and compares rows before making
/// their cells: a page appended to a long list makes that page's cells only.
@MainActor
public final class TableRowsPrinter<Row: Equatable & Sendable> {
    /// The row number, then the cells' columns.
    private let table: TextTable
    private let cellColumns: [String]
    private let console: any Console
    private let tableRow: (Row) -> TableRow
    /// The rows printed last and the form their dates took; `nil` before the first table.
    private var printed: (rows: ListRows<Row>, compact: Bool)?
    /// ``TextTable/naturalWidths(of:)`` of the rows printed.
    private var printedWidths: [Int] = []
    /// The last table drawn whole, to draw it again at no cost (a screen that comes back).
    private var lastWholeTable: (rows: ListRows<Row>, width: Int?, compact: Bool, naturalWidths: [Int], lines: [String])?

    /// - Parameters:
    ///   - table: the columns of the rows' cells; the printer adds the row number before them.
    ///   - console: where the rows go.
    ///   - tableRow: a row's cells.
    public init(table: TextTable, console: any Console, tableRow: @escaping (Row) -> TableRow) {
        self.table = TextTable([.init("#", alignment: .right)] + table.columns)
        cellColumns = table.columns.map(\.title)
        self.console = console
        self.tableRow = tableRow
    }

    /// Prints what changed in `rows` since the last call.
    ///
    /// - Parameters:
    ///   - rows: the rows, numbered from 1 in the whole list; only the rows held are printed.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(_ rows: ListRows<Row>, title: () -> String) -> PrintedRows {
        let compact = isCompact
        let previous = printed
        printed = (rows, compact)
        let change: TableRowsChange
        if let previous, previous.compact == compact {
            // Compared as printed: a list that did not change prints nothing.
            guard previous.rows != rows else { return .none }
            change = TableRowsChange(from: previous.rows, to: rows)
        } else {
            change = .wholeTable(of: rows)
        }
        guard !rows.isEmpty, !change.shown.isEmpty else { return .none }
        return show(rows, change: change, compact: compact, title: title)
    }

    /// Forgets what was printed, so the next `show` draws the whole table (a screen
    /// that comes back into view).
    public func reset() {
        printed = nil
    }

    private var isCompact: Bool {
        console.width.map { $0 < TableCell.compactDatesBelowColumns } ?? false
    }

    private func show(_ rows: ListRows<Row>, change: TableRowsChange, compact: Bool, title: () -> String) -> PrintedRows {
        func texts(_ index: Int) -> [String] {
            [String(index + 1)] + tableRow(rows[index]).cells.map { $0.text(compact: compact) }
        }
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(
                title: title(), columns: cellColumns,
                rows: change.shown.map { index in
                    let shown = tableRow(rows[index])
                    return TableRows.Row(number: index + 1, id: shown.id, cells: shown.data, fields: shown.fields)
                }
            ),
            isWholeTable: change.isWholeTable
        ) {
            return change.printed
        }
        if change.isWholeTable {
            console.print(title())
            let lines = wholeTable(rows, compact: compact, texts: texts)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return change.printed
        }
        let shownTexts = change.shown.map(texts)
        printedWidths =
            change.isAppended
            ? zip(printedWidths, table.naturalWidths(of: shownTexts)).map { max($0, $1) }
            : table.naturalWidths(of: rows.indices.map(texts))
        // Rows away from the end are not under the header any more: it is printed again above them.
        if !change.isAppended, let header = header() { console.print(header, style: .heading) }
        for shown in shownTexts {
            console.print(lines: table.render([shown], including: 0..<1, header: false, naturalWidths: printedWidths, width: console.width))
        }
        return change.printed
    }

    private func header() -> String? {
        table.render([], including: 0..<0, header: true, naturalWidths: printedWidths, width: console.width).first
    }

    private func wholeTable(_ rows: ListRows<Row>, compact: Bool, texts: (Int) -> [String]) -> [String] {
        if let last = lastWholeTable, last.width == console.width, last.compact == compact, last.rows == rows {
            printedWidths = last.naturalWidths
            return last.lines
        }
        let allTexts = rows.indices.map(texts)
        printedWidths = table.naturalWidths(of: allTexts)
        let lines = table.render(allTexts, including: allTexts.indices, header: true, naturalWidths: printedWidths, width: console.width)
        lastWholeTable = (rows, console.width, compact, printedWidths, lines)
        return lines
    }
}

extension TableRowsPrinter where Row == TableRow {
    /// A printer of rows made by the screen itself.
    public convenience init(table: TextTable, console: any Console) {
        self.init(table: table, console: console) { $0 }
    }

    /// Prints what changed in `rows`, a list held whole, since the last call.
    @discardableResult
    public func show(_ rows: [TableRow], title: () -> String) -> PrintedRows {
        show(ListRows(rows), title: title)
    }
}
