import AgoraArchitecture

/// How a list's rows changed since they were printed, and which rows to print for it.
///
/// Rows are compared where both lists hold them; a row printed before and not held now (a long
/// list holds a window of its rows) counts as unchanged.
struct TableRowsChange: Equatable {
    /// The indices of the rows to print.
    let shown: [Int]
    let isWholeTable: Bool
    /// Rows were added at the end (a page): they continue the table as printed.
    let isAppended: Bool
    /// How many numbers down the rows printed before now are: rows arrived on top of them (a
    /// comment posted); 0 otherwise.
    let movedDown: Int

    init(shown: [Int], isWholeTable: Bool, isAppended: Bool, movedDown: Int = 0) {
        (self.shown, self.isWholeTable, self.isAppended, self.movedDown) = (shown, isWholeTable, isAppended, movedDown)
    }

    /// The rows this change prints.
    var printed: PrintedRows { PrintedRows(indices: shown, isWholeTable: isWholeTable) }

    /// The whole table: every row held.
    static func wholeTable(of rows: ListRows<some Sendable>) -> Self {
        Self(shown: Array(rows.indices), isWholeTable: true, isAppended: false)
    }

    init<Row: Equatable>(from previous: ListRows<Row>, to rows: ListRows<Row>) {
        let printedCount = previous.totalCount
        let added = rows.totalCount - printedCount
        /// Whether the row at `index` is the one printed `shift` rows above it.
        func isUnchanged(_ index: Int, shift: Int) -> Bool {
            let printedIndex = index - shift
            if previous.indices.contains(printedIndex) { return rows[index] == previous[printedIndex] }
            return printedIndex >= 0 && printedIndex < printedCount
        }
        if printedCount > 0, added > 0, rows.indices.allSatisfy({ $0 >= printedCount || isUnchanged($0, shift: 0) }) {
            self.init(shown: rows.indices.filter { $0 >= printedCount }, isWholeTable: false, isAppended: true)
        } else if printedCount > 0, added > 0, rows.indices.allSatisfy({ $0 < added || isUnchanged($0, shift: added) }) {
            // New rows on top; the rows under them are the ones printed, each a few numbers down.
            self.init(shown: rows.indices.filter { $0 < added }, isWholeTable: false, isAppended: false, movedDown: added)
        } else if printedCount > 0, added == 0, case let changed = rows.indices.filter({ !isUnchanged($0, shift: 0) }),
            changed.count < rows.count
        {
            self.init(shown: changed, isWholeTable: false, isAppended: false)
        } else {
            self = .wholeTable(of: rows)
        }
    }
}
