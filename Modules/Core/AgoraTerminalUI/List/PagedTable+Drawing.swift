import AgoraArchitecture

/// How a ``PagedTable`` draws its rows: only what changed since the rows printed last. It
/// compares rows before making their cells, so a page appended to a long list makes that page's
/// cells only.
extension PagedTable {
    /// Prints what changed in `rows` since the last call, and returns which rows it printed.
    func draw(_ rows: ListRows<Row>) -> PrintedRows {
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
        return draw(rows, change: change, compact: compact)
    }

    private var isCompact: Bool {
        console.width.map { $0 < TableCell.compactDatesBelowColumns } ?? false
    }

    private func draw(_ rows: ListRows<Row>, change: TableRowsChange, compact: Bool) -> PrintedRows {
        func texts(_ index: Int) -> [String] {
            [String(index + 1)] + tableRow(rows[index]).cells.map { $0.text(compact: compact) }
        }
        // A console that takes tables as data (JSON, TSV) gets the rows instead of lines.
        if console.showRows(
            TableRows(
                title: title(rows), columns: cellColumns,
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
            console.print(title(rows))
            let lines = wholeTable(rows, compact: compact, texts: texts)
            if let header = lines.first { console.print(header, style: .heading) }
            console.print(lines: Array(lines.dropFirst()))
            return change.printed
        }
        let shownTexts = change.shown.map(texts)
        printedWidths =
            change.isAppended
            ? zip(printedWidths, layout.naturalWidths(of: shownTexts)).map { max($0, $1) }
            : layout.naturalWidths(of: rows.indices.map(texts))
        // Rows away from the end are not under the header any more: it is printed again above them.
        if !change.isAppended, let header = header() { console.print(header, style: .heading) }
        for shown in shownTexts {
            console.print(lines: layout.render([shown], including: 0..<1, header: false, naturalWidths: printedWidths, width: console.width))
        }
        // The rows printed before kept their old numbers on the screen: said, so `more` going on
        // past them does not seem to skip one.
        if change.movedDown > 0, rows.totalCount > change.movedDown {
            console.print(ListMessages.movedDown(added: change.movedDown, total: rows.totalCount))
        }
        return change.printed
    }

    private func header() -> String? {
        layout.render([], including: 0..<0, header: true, naturalWidths: printedWidths, width: console.width).first
    }

    private func wholeTable(_ rows: ListRows<Row>, compact: Bool, texts: (Int) -> [String]) -> [String] {
        if let last = lastWholeTable, last.width == console.width, last.compact == compact, last.rows == rows {
            printedWidths = last.naturalWidths
            return last.lines
        }
        let allTexts = rows.indices.map(texts)
        printedWidths = layout.naturalWidths(of: allTexts)
        let lines = layout.render(allTexts, including: allTexts.indices, header: true, naturalWidths: printedWidths, width: console.width)
        lastWholeTable = (rows, console.width, compact, printedWidths, lines)
        return lines
    }
}
