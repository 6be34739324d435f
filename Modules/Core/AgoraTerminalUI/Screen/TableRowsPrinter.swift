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
    /// A hash of each row's cells as printed, not the cells: a list paged a thousand times keeps
    /// one number per row here instead of a copy of every cell (issue 19's memory row). Two
    /// different rows with one hash would be taken as unchanged; with 64-bit hashes seeded per
    /// process that is not expected to happen in any list a person pages through.
    private var printed: [Int] = []
    /// ``TextTable/naturalWidths(of:)`` of the rows printed.
    private var printedWidths: [Int] = []
    /// The last table drawn whole (its rows' hashes), to draw it again at no cost.
    private var lastWholeTable: (hashes: [Int], width: Int?, naturalWidths: [Int], lines: [String])?

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
        show(rowCount: cells.count, cells: { cells[$0] }, title: title)
    }

    /// Prints what changed since the last call in a list of `rowCount` rows whose cell texts
    /// `cells` makes on demand: a long list is never held as cells, only the rows printed are
    /// made twice.
    ///
    /// - Parameters:
    ///   - rowCount: how many rows the list has.
    ///   - cells: the cell texts of the row at an index.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(rowCount: Int, cells: (Int) -> [String], title: () -> String) -> [Int] {
        let previous = printed
        let hashes = (0..<rowCount).map { Self.hash(cells($0)) }
        printed = hashes
        // Compared as printed: a change the table does not show prints nothing.
        guard hashes != previous, rowCount > 0 else { return [] }
        let isAppended = !previous.isEmpty && hashes.starts(with: previous)
        let isWholeTable = !isAppended && rowCount != previous.count
        let shown =
            isAppended
            ? Array(previous.count..<rowCount)
            : isWholeTable ? Array(0..<rowCount) : (0..<rowCount).filter { hashes[$0] != previous[$0] }
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(title: title(), columns: table.columns.map(\.title), rows: shown.map(cells)), isWholeTable: isWholeTable
        ) {
            return shown
        }
        if isWholeTable {
            console.print(title())
            let lines = wholeTable(rowCount: rowCount, cells: cells, hashes: hashes)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return shown
        }
        let shownCells = shown.map(cells)
        printedWidths =
            isAppended
            ? zip(printedWidths, table.naturalWidths(of: shownCells)).map { max($0, $1) }
            : table.naturalWidths(of: (0..<rowCount).lazy.map(cells))
        for row in shownCells {
            console.print(lines: table.render([row], including: 0..<1, header: false, naturalWidths: printedWidths, width: console.width))
        }
        return shown
    }

    private func wholeTable(rowCount: Int, cells: (Int) -> [String], hashes: [Int]) -> [String] {
        if let last = lastWholeTable, last.width == console.width, last.hashes == hashes {
            printedWidths = last.naturalWidths
            return last.lines
        }
        let rows = (0..<rowCount).map(cells)
        printedWidths = table.naturalWidths(of: rows)
        let lines = table.render(rows, including: rows.indices, header: true, naturalWidths: printedWidths, width: console.width)
        lastWholeTable = (hashes, console.width, printedWidths, lines)
        return lines
    }

    private static func hash(_ cells: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(cells)
        return hasher.finalize()
    }

    /// Forgets what was printed, so the next ``show(_:title:)`` draws the whole table (a screen
    /// that comes back into view).
    public func reset() {
        printed = []
    }
}
