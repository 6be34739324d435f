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
    /// A changed row with the hash it had would be taken as unchanged; hashes are seeded per
    /// process and compared only with the one printed at the same place, so 32 bits make that
    /// 1 in 2³² per change.
    private var printed = ChunkedArray<Int32>()
    /// ``TextTable/naturalWidths(of:)`` of the rows printed.
    private var printedWidths: [Int] = []
    /// The versions of the rows printed last and the form they were hashed in, when the screen
    /// gave versions: a row whose version is unchanged keeps its hash without being made.
    private var printedVersions: (versions: ChunkedArray<Int32>, compact: Bool)?
    /// The last table drawn whole (its rows' hashes), to draw it again at no cost.
    private var lastWholeTable: (hashes: ChunkedArray<Int32>, width: Int?, naturalWidths: [Int], lines: [String])?

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
        let hashes = ChunkedArray((0..<rowCount).map { Self.hash(row($0).cells, compact: compact) })
        return show(rowCount: rowCount, hashes: hashes, row: row, title: title)
    }

    /// Prints what changed since the last call in a long list whose rows have versions
    /// (`ListRows.version(at:)`): a row is made only when its version is new, to compare its
    /// cells with what was printed, or when it is printed. A page appended to a long thread
    /// makes its own rows, not the thread's, and what is kept per row grows in place.
    ///
    /// - Parameters:
    ///   - rowCount: how many rows the list has.
    ///   - unchangedRows: how many rows at the start the screen knows to be as they were at the
    ///     last call (0 when it cannot tell cheaply): their versions are not asked for.
    ///   - version: a number that changes when the row at an index does, without making it.
    ///   - row: the row at an index (0-based); it is numbered index + 1.
    ///   - title: the line above the table; asked for only when a whole table is drawn, or
    ///     when the console takes the rows as data.
    /// - Returns: the indices of the rows printed, so a screen can add notes under them.
    @discardableResult
    public func show(
        rowCount: Int, unchangedRows: Int = 0, version: (Int) -> Int, row: (Int) -> TableRow, title: () -> String
    ) -> [Int] {
        let compact = isCompact
        let known = printedVersions.flatMap { $0.compact == compact && $0.versions.count == printed.count ? $0.versions : nil }
        // The common case, a page: every row printed is where it was (the screen can tell it
        // without reading every version: `ListRows.unchangedPrefixCount(since:)`), and only
        // rows after them are new. They alone are made, and what is kept grows by them.
        if let known, !known.isEmpty, unchangedRows >= known.count, rowCount >= known.count {
            guard rowCount > known.count else { return [] }
            let added = known.count..<rowCount
            var versions = known
            versions.append(contentsOf: added.map { Int32(truncatingIfNeeded: version($0)) })
            var hashes = printed
            hashes.append(contentsOf: added.map { Self.hash(row($0).cells, compact: compact) })
            printedVersions = (versions, compact)
            let change = TableRowsChange(shown: Array(added), isWholeTable: false, isAppended: true)
            return show(rowCount: rowCount, hashes: hashes, change: change, row: row, title: title)
        }
        // Otherwise the rows printed last are found by versions: added on top, or each in its
        // place; only rows with no printed counterpart of the same version are made.
        let versions = ChunkedArray((0..<rowCount).map { Int32(truncatingIfNeeded: version($0)) })
        let previous = printed
        var offset: Int?
        if let known, !known.isEmpty {
            if versions.starts(with: known) || versions.count == known.count {
                offset = 0
            } else if versions.count > known.count, versions.suffix(known.count).elementsEqual(known) {
                offset = versions.count - known.count
            }
        }
        let hashes = ChunkedArray(
            versions.indices.map { index in
                if let offset, case let earlier = index - offset, let known, known.indices.contains(earlier),
                    known[earlier] == versions[index], previous.indices.contains(earlier)
                {
                    return previous[earlier]
                }
                return Self.hash(row(index).cells, compact: compact)
            })
        printedVersions = (versions, compact)
        return show(rowCount: rowCount, hashes: hashes, row: row, title: title)
    }

    private var isCompact: Bool {
        console.width.map { $0 < TableCell.compactDatesBelowColumns } ?? false
    }

    private func show(
        rowCount: Int, hashes: ChunkedArray<Int32>, change known: TableRowsChange? = nil, row: (Int) -> TableRow, title: () -> String
    ) -> [Int] {
        let compact = isCompact
        func texts(_ index: Int) -> [String] {
            [String(index + 1)] + row(index).cells.map { $0.text(compact: compact) }
        }
        let previous = printed
        printed = hashes
        // Compared as printed: a change the table does not show prints nothing.
        guard hashes != previous, rowCount > 0 else { return [] }
        let change = known ?? TableRowsChange(from: previous, to: hashes)
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
        printed = ChunkedArray()
        printedVersions = nil
    }

    private func header() -> String? {
        table.render([], including: 0..<0, header: true, naturalWidths: printedWidths, width: console.width).first
    }

    private func wholeTable(rowCount: Int, texts: (Int) -> [String], hashes: ChunkedArray<Int32>) -> [String] {
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

    /// 32 bits a row: a row's hash is compared with the one printed at its place, never looked
    /// up, so a change goes unprinted only when it lands on its exact collision (1 in 2³²).
    private static func hash(_ cells: [TableCell], compact: Bool) -> Int32 {
        var hasher = Hasher()
        hasher.combine(cells)
        hasher.combine(compact)
        return Int32(truncatingIfNeeded: hasher.finalize())
    }
}
