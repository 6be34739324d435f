/// The new feature's REPL transcript: the commands and the exact text the REPL prints for them
/// on the fixtures (OSS mode, plain output, no width limit).
///
/// The text is laid out here as the app's `TextTable` and `TableRowsPrinter` lay it out (columns
/// as wide as their widest cell, two spaces apart, the last column unpadded; a page appended
/// prints only its rows). The fixtures are ASCII, so a character is a column. The scaffolder's
/// own test builds the result and replays this transcript, so a drift fails there.
struct TranscriptTemplate {
    let templates: FeatureTemplates

    var text: String {
        let n = templates.names
        let count = FeatureTemplates.fixtureCount
        let page = FeatureTemplates.pageSize
        let rows = (1...count).map { [String($0), templates.fixtureTitle($0), templates.fixtureSummary($0)] }
        let firstPage = Array(rows.prefix(page))
        var lines = ["> open \(n.url)", n.title]
        lines += render(firstPage, shown: firstPage.indices, header: true)
        lines.append("> more")
        lines += render(rows, shown: page..<count, header: false)
        lines += [
            "> more",
            "No more \(n.phrase): all \(count) are shown.",
            "> open \(count + 1)",
            "error: Expected a row number from 1 to \(count), got '\(count + 1)'.",
            "> back",
            "error: There is no previous screen to go back to.",
            // The architecture explorer drives the new ViewModel with no code for it in the REPL.
            "> inputs",
            "\(n.name)ViewModel inputs (`send <input> [arguments]`):",
            "Input           Parameters            Sent by",
            "viewDidLoad     -                     the screen appearing",
            "refresh         -                     `refresh`",
            "willDisplayRow  row: Int, outOf: Int  `more`",
            "rowTapped       row: Int              `open <n>`, row n - 1",
            "Rows are counted from 0 here, from 1 on screen: `send rowTapped 1` is the second row.",
            "> send willDisplayRow x 1",
            "error: The first argument of `willDisplayRow` must be an Int (whole number), not \"x\".",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows `shown` of `rows`, laid out as if all `rows` were shown.
    private func render(_ rows: [[String]], shown: Range<Int>, header: Bool) -> [String] {
        let columns = templates.tableColumns
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if columns[index].rightAligned { return padding + cell }
                return index == columns.count - 1 ? cell : cell + padding
            }.joined(separator: "  ")
        }
        return (header ? [line(columns.map(\.title))] : []) + shown.map { line(rows[$0]) }
    }
}
