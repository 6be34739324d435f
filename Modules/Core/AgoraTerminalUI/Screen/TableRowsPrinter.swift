import AgoraArchitecture

/// Draws a list screen's rows as a table and, when they change, only what changed: the whole
/// table under its title for a new list, just the new rows when a page was appended, just the
/// changed rows when every row kept its number (a comment confirmed). A terminal keeps what was
/// printed, so printing less keeps the user's place.
///
/// Work is kept in step with what is printed: an appended page is measured alone (the widths of
/// the rows before it are remembered), and a screen that comes back with the rows it last drew
/// whole reuses those lines.
@MainActor
public final class TableRowsPrinter {
    private let table: TextTable
    private let console: any Console
    private var printed: [[String]] = []
    /// ``TextTable/naturalWidths(of:)`` of `printed`.
    private var printedWidths: [Int] = []
    /// The last table drawn whole, to draw it again at no cost.
    private var lastWholeTable: (cells: [[String]], width: Int?, naturalWidths: [Int], lines: [String])?

    public init(table: TextTable, console: any Console) {
        self.table = table
        self.console = console
    }

    /// Prints what changed in `cells` (one array of cell texts per row) since the last call.
    ///
    /// - Parameters:
    ///   - cells: the rows, each an array of cell texts.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(_ cells: [[String]], title: () -> String) -> [Int] {
        let previous = printed
        printed = cells
        // Compared as printed: a change the table does not show prints nothing.
        guard cells != previous, !cells.isEmpty else { return [] }
        let isAppended = !previous.isEmpty && cells.starts(with: previous)
        let isWholeTable = !isAppended && cells.count != previous.count
        let shown =
            isAppended
            ? Array(previous.count..<cells.count)
            : isWholeTable ? Array(cells.indices) : cells.indices.filter { cells[$0] != previous[$0] }
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(title: title(), columns: table.columns.map(\.title), rows: shown.map { cells[$0] }), isWholeTable: isWholeTable
        ) {
            return shown
        }
        if isWholeTable {
            console.print(title())
            let lines = wholeTable(cells)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return shown
        }
        printedWidths =
            isAppended
            ? zip(printedWidths, table.naturalWidths(of: cells[previous.count...])).map { max($0, $1) }
            : table.naturalWidths(of: cells)
        for index in shown {
            console.print(
                lines: table.render(
                    cells, including: index..<(index + 1), header: false, naturalWidths: printedWidths, width: console.width
                ))
        }
        return shown
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

    /// Forgets what was printed, so the next ``show(_:title:)`` draws the whole table (a screen
    /// that comes back into view).
    public func reset() {
        printed = []
    }
}
