import AgoraArchitecture

/// Draws a list screen's rows as a numbered table and, when they change, only what changed: the
/// whole table under its title for a new list, just the new rows when a page was appended, just
/// the new rows under the header when rows arrived at the top (a comment posted), just the
/// changed rows under the header when every row kept its number (a comment confirmed). A
/// terminal keeps what was printed, so printing less keeps the user's place.
///
/// It numbers the rows (`#`) and picks each cell's form for the console: dates are compact
/// below ``TableCell/compactDatesBelowColumns`` columns, and a console that takes tables as data
/// gets the typed cells and each row's id.
///
/// Work is kept in step with what is printed: an appended page is measured alone (the widths of
/// the rows before it are remembered), and a screen that comes back with the rows it last drew
/// whole reuses those lines.
@MainActor
public final class TableRowsPrinter {
    /// The cells' columns after the row number.
    private let table: TextTable
    private let cellColumns: [String]
    private let console: any Console
    /// The texts printed last, row number first.
    private var printed: [[String]] = []
    /// ``TextTable/naturalWidths(of:)`` of `printed`.
    private var printedWidths: [Int] = []
    /// The last table drawn whole, to draw it again at no cost.
    private var lastWholeTable: (cells: [[String]], width: Int?, naturalWidths: [Int], lines: [String])?

    /// - Parameters:
    ///   - table: the columns of the rows' cells; the printer adds the row number before them.
    ///   - console: where the rows go.
    public init(table: TextTable, console: any Console) {
        self.table = TextTable([.init("#", alignment: .right)] + table.columns)
        cellColumns = table.columns.map(\.title)
        self.console = console
    }

    /// Prints what changed in `rows` since the last call.
    ///
    /// - Parameters:
    ///   - rows: the rows, in order; they are numbered from 1.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(_ rows: [TableRow], title: () -> String) -> [Int] {
        let compact = console.width.map { $0 < TableCell.compactDatesBelowColumns } ?? false
        let cells = rows.enumerated().map { index, row in [String(index + 1)] + row.cells.map { $0.text(compact: compact) } }
        let previous = printed
        printed = cells
        // Compared as printed: a change the table does not show prints nothing.
        guard cells != previous, !cells.isEmpty else { return [] }
        let change = TableRowsChange(from: previous, to: cells)
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(
                title: title(), columns: cellColumns,
                rows: change.shown.map { TableRows.Row(number: $0 + 1, id: rows[$0].id, cells: rows[$0].cells) }
            ),
            isWholeTable: change.isWholeTable
        ) {
            return change.shown
        }
        if change.isWholeTable {
            console.print(title())
            let lines = wholeTable(cells)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return change.shown
        }
        printedWidths =
            change.isAppended
            ? zip(printedWidths, table.naturalWidths(of: cells[previous.count...])).map { max($0, $1) }
            : table.naturalWidths(of: cells)
        // Rows away from the end are not under the header any more: it is printed again above them.
        if !change.isAppended, let header = header() { console.print(header, style: .heading) }
        for index in change.shown {
            console.print(
                lines: table.render(cells, including: index..<(index + 1), header: false, naturalWidths: printedWidths, width: console.width)
            )
        }
        return change.shown
    }

    /// Forgets what was printed, so the next ``show(_:title:)`` draws the whole table (a screen
    /// that comes back into view).
    public func reset() {
        printed = []
    }

    private func header() -> String? {
        table.render(printed, including: 0..<0, header: true, naturalWidths: printedWidths, width: console.width).first
    }

    private func wholeTable(_ cells: [[String]]) -> [String] {
        if let last = lastWholeTable, last.width == console.width, last.cells == cells {
            printedWidths = last.naturalWidths
            return last.lines
        }
        printedWidths = table.naturalWidths(of: cells)
        let lines = table.render(cells, including: cells.indices, header: true, naturalWidths: printedWidths, width: console.width)
        lastWholeTable = (cells, console.width, printedWidths, lines)
        return lines
    }
}
