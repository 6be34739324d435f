import AgoraArchitecture

/// How a table's rows changed, compared by the hash of each row's texts without its number, and
/// which rows to print for it.
struct TableRowsChange: Equatable {
    /// The indices of the rows to print.
    let shown: [Int]
    let isWholeTable: Bool
    /// Rows were added at the end (a page): they continue the table as printed.
    let isAppended: Bool

    init(shown: [Int], isWholeTable: Bool, isAppended: Bool) {
        (self.shown, self.isWholeTable, self.isAppended) = (shown, isWholeTable, isAppended)
    }

    init(from previous: ChunkedArray<Int32>, to rows: ChunkedArray<Int32>) {
        let isLonger = !previous.isEmpty && rows.count > previous.count
        if isLonger, rows.starts(with: previous) {
            (shown, isWholeTable, isAppended) = (Array(previous.count..<rows.count), false, true)
        } else if isLonger, rows.suffix(previous.count).elementsEqual(previous) {
            // New rows on top; the rows under them are the ones printed, each a few numbers down.
            (shown, isWholeTable, isAppended) = (Array(0..<(rows.count - previous.count)), false, false)
        } else if rows.count == previous.count, case let changed = rows.indices.filter({ rows[$0] != previous[$0] }),
            changed.count < rows.count
        {
            (shown, isWholeTable, isAppended) = (changed, false, false)
        } else {
            (shown, isWholeTable, isAppended) = (Array(rows.indices), true, false)
        }
    }
}
