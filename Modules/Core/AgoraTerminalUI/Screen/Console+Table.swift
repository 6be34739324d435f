extension Console {
    /// Prints a table whole: as lines fitted to the console's width, or, to a console that takes
    /// tables as data (`--format json`), as rows numbered from 1, each with its id.
    ///
    /// - Parameters:
    ///   - table: the columns.
    ///   - rows: the rows, in order.
    ///   - title: what the rows are, for a program; a terminal shows no title line.
    ///   A table whose first column is `#` numbers its rows from 1 itself: a program gets that
    ///   number once, as every row's own (`#`), not again as a cell.
    public func print(_ table: TextTable, rows: [TableRow], title: String) {
        let numbered = table.columns.first?.title == "#" ? 1 : 0
        let data = TableRows(
            title: title, columns: Array(table.columns.map(\.key).dropFirst(numbered)),
            rows: rows.enumerated().map { index, row in
                TableRows.Row(number: index + 1, id: row.id, cells: Array(row.data.dropFirst(numbered)), fields: row.fields)
            }
        )
        if showRows(data, isWholeTable: true) { return }
        print(lines: table.render(rows.map { $0.cells.map { $0.text(compact: false) } }, width: width))
    }
}
