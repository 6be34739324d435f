/// How a table's printed texts (row number first) changed, and which rows to print for it.
struct TableRowsChange: Equatable {
    /// The indices of the rows to print.
    let shown: [Int]
    let isWholeTable: Bool
    /// Rows were added at the end (a page): they continue the table as printed.
    let isAppended: Bool

    init(from previous: [[String]], to cells: [[String]]) {
        let unnumbered = { (rows: ArraySlice<[String]>) in rows.map { $0.dropFirst() } }
        if !previous.isEmpty, cells.starts(with: previous) {
            (shown, isWholeTable, isAppended) = (Array(previous.count..<cells.count), false, true)
        } else if !previous.isEmpty, cells.count > previous.count,
            unnumbered(cells.suffix(previous.count)) == unnumbered(previous[...])
        {
            // New rows on top; the rows under them are the ones printed, each a few numbers down.
            (shown, isWholeTable, isAppended) = (Array(0..<(cells.count - previous.count)), false, false)
        } else if cells.count == previous.count, case let changed = cells.indices.filter({ cells[$0] != previous[$0] }),
            changed.count < cells.count
        {
            (shown, isWholeTable, isAppended) = (changed, false, false)
        } else {
            (shown, isWholeTable, isAppended) = (Array(cells.indices), true, false)
        }
    }
}
