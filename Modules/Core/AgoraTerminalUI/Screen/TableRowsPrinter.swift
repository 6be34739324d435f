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
/// Work and memory are kept in step with what is printed: rows are made on demand and only a
/// hash of each printed row is kept, an appended page is measured alone (the widths of the rows
/// before it are remembered), and a screen that comes back with the rows it last drew whole
/// reuses those lines.
@MainActor
public final class TableRowsPrinter {
    /// The row number, then the cells' columns.
    private let table: TextTable
    private let cellColumns: [String]
    private let console: any Console
    /// A hash of each row's cells (typed: a date is its instant) and their form, without its
    /// number, not the texts: a list paged a thousand times keeps one number per row here
    /// instead of a copy of every cell, and no date is formatted to compare rows.
    /// Two different rows with one hash would be taken as unchanged; with 64-bit hashes seeded
    /// per process that is not expected in any list a person pages through.
    private var printed: [Int] = []
    /// ``TextTable/naturalWidths(of:)`` of the rows printed.
    private var printedWidths: [Int] = []
    /// The versions of the rows printed last and the form they were hashed in, when the screen
    /// gave versions: a row whose version is unchanged keeps its hash without being made.
    private var printedVersions: (versions: [Int], compact: Bool)?
    /// The last table drawn whole (its rows' hashes), to draw it again at no cost.
    private var lastWholeTable: (hashes: [Int], width: Int?, naturalWidths: [Int], lines: [String])?

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
        show(rowCount: rows.count, row: { rows[$0] }, title: title)
    }

    /// Prints what changed since the last call in a list of `rowCount` rows that `row` makes on
    /// demand: a long list is never held as rows or cells, only the rows printed are made twice.
    ///
    /// - Parameters:
    ///   - rowCount: how many rows the list has.
    ///   - row: the row at an index (0-based); it is numbered index + 1.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(rowCount: Int, row: (Int) -> TableRow, title: () -> String) -> [Int] {
        let compact = isCompact
        printedVersions = nil
        return show(rowCount: rowCount, hashes: (0..<rowCount).map { Self.hash(row($0).cells, compact: compact) }, row: row, title: title)
    }

    /// Prints what changed since the last call in a long list whose rows have versions
    /// (``ListRows/version(at:)``): a row is made only when its version is new, to compare its
    /// cells with what was printed, or when it is printed. A page appended to a long thread
    /// makes its own rows, not the thread's.
    ///
    /// - Parameters:
    ///   - rowCount: how many rows the list has.
    ///   - version: a number that changes when the row at an index does, without making it.
    ///   - row: the row at an index (0-based); it is numbered index + 1.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(rowCount: Int, version: (Int) -> Int, row: (Int) -> TableRow, title: () -> String) -> [Int] {
        let compact = isCompact
        let versions = (0..<rowCount).map(version)
        // Where the rows printed last are now, told by versions: appended below, added on top,
        // or each in its place; only rows with no printed counterpart of the same version are made.
        let known = printedVersions.flatMap { $0.compact == compact ? $0.versions : nil } ?? []
        let offset: Int? =
            known.isEmpty
            ? nil
            : versions.starts(with: known)
                ? 0
                : versions.count > known.count && versions.suffix(known.count).elementsEqual(known)
                    ? versions.count - known.count
                    : versions.count == known.count ? 0 : nil
        let previous = printed
        let hashes = versions.indices.map { index in
            if let offset, case let earlier = index - offset, known.indices.contains(earlier), known[earlier] == versions[index],
                previous.indices.contains(earlier)
            {
                return previous[earlier]
            }
            return Self.hash(row(index).cells, compact: compact)
        }
        printedVersions = (versions, compact)
        return show(rowCount: rowCount, hashes: hashes, row: row, title: title)
    }

    private var isCompact: Bool {
        console.width.map { $0 < TableCell.compactDatesBelowColumns } ?? false
    }

    private func show(rowCount: Int, hashes: [Int], row: (Int) -> TableRow, title: () -> String) -> [Int] {
        let compact = isCompact
        func texts(_ index: Int) -> [String] {
            [String(index + 1)] + row(index).cells.map { $0.text(compact: compact) }
        }
        let previous = printed
        printed = hashes
        // Compared as printed: a change the table does not show prints nothing.
        guard hashes != previous, rowCount > 0 else { return [] }
        let change = TableRowsChange(from: previous, to: hashes)
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(
                title: title(), columns: cellColumns,
                rows: change.shown.map { index in
                    let shown = row(index)
                    return TableRows.Row(number: index + 1, id: shown.id, cells: shown.cells)
                }
            ),
            isWholeTable: change.isWholeTable
        ) {
            return change.shown
        }
        if change.isWholeTable {
            console.print(title())
            let lines = wholeTable(rowCount: rowCount, texts: texts, hashes: hashes)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return change.shown
        }
        let shownTexts = change.shown.map(texts)
        printedWidths =
            change.isAppended
            ? zip(printedWidths, table.naturalWidths(of: shownTexts)).map { max($0, $1) }
            // Row by row (lazily), so the list is never held as texts.
            : withoutActuallyEscaping(texts) { texts in table.naturalWidths(of: (0..<rowCount).lazy.map(texts)) }
        // Rows away from the end are not under the header any more: it is printed again above them.
        if !change.isAppended, let header = header() { console.print(header, style: .heading) }
        for shown in shownTexts {
            console.print(lines: table.render([shown], including: 0..<1, header: false, naturalWidths: printedWidths, width: console.width))
        }
        return change.shown
    }

    /// Forgets what was printed, so the next ``show(_:title:)`` draws the whole table (a screen
    /// that comes back into view).
    public func reset() {
        printed = []
        printedVersions = nil
    }

    private func header() -> String? {
        table.render([], including: 0..<0, header: true, naturalWidths: printedWidths, width: console.width).first
    }

    private func wholeTable(rowCount: Int, texts: (Int) -> [String], hashes: [Int]) -> [String] {
        if let last = lastWholeTable, last.width == console.width, last.hashes == hashes {
            printedWidths = last.naturalWidths
            return last.lines
        }
        let rows = (0..<rowCount).map(texts)
        printedWidths = table.naturalWidths(of: rows)
        let lines = table.render(rows, including: rows.indices, header: true, naturalWidths: printedWidths, width: console.width)
        lastWholeTable = (hashes, console.width, printedWidths, lines)
        return lines
    }

    private static func hash(_ cells: [TableCell], compact: Bool) -> Int {
        var hasher = Hasher()
        hasher.combine(cells)
        hasher.combine(compact)
        return hasher.finalize()
    }
}
