/// Rows of text in aligned columns that fit a width: wide (CJK) characters count two columns,
/// and a cell that does not fit is cut with "…", never wrapped.
///
/// Cells are text from outside (a server, the mock, the cache) and pass through
/// ``TerminalText``: nothing in them acts on the terminal, and a cell's line breaks become lines
/// of their own under the row's first, the other columns left blank.
public struct TextTable: Sendable {
    /// Where a column's cells sit: text to the left, numbers to the right.
    public enum Alignment: Sendable { case left, right }

    /// One column: its title, its alignment, and whether it gives up width when the table is
    /// too wide.
    public struct Column: Sendable {
        public let title: String
        public let alignment: Alignment
        /// A flexible column gives up width when the table is too wide; others keep theirs.
        public let isFlexible: Bool

        public init(_ title: String, alignment: Alignment = .left, isFlexible: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.isFlexible = isFlexible
        }
    }

    public let columns: [Column]
    public let separator = "  "

    public init(_ columns: [Column]) {
        self.columns = columns
    }

    /// The header line followed by every row.
    public func render(_ rows: [[String]], width: Int?) -> [String] {
        render(rows, width: width, including: rows.indices, header: true)
    }

    /// Some of `rows` (e.g. a page just appended), laid out as if all rows were shown, so a list
    /// printed page by page stays aligned.
    public func render(_ rows: [[String]], width: Int?, including shown: Range<Int>, header: Bool) -> [String] {
        render(rows, including: shown, header: header, naturalWidths: naturalWidths(of: rows), width: width)
    }

    /// As ``render(_:width:including:header:)``, with the rows' ``naturalWidths(of:)`` already
    /// known: a caller that prints a list page by page keeps them up to date per page instead of
    /// measuring every row again.
    public func render(
        _ rows: [[String]], including shown: Range<Int>, header: Bool, naturalWidths: [Int], width: Int?
    ) -> [String] {
        let widths = fitted(naturalWidths, to: width)
        var lines: [String] = []
        if header { lines.append(line(columns.map(\.title), widths: widths)) }
        for index in shown where rows.indices.contains(index) {
            lines.append(contentsOf: rowLines(rows[index], widths: widths))
        }
        return lines
    }

    /// Each column's width with nothing cut: its widest cell or its title.
    public func naturalWidths(of rows: some Sequence<[String]>) -> [Int] {
        var widths = columns.map { TextWidth.of($0.title) }
        for row in rows {
            for (index, cell) in row.prefix(columns.count).enumerated() {
                for line in TerminalText.lines(cell) {
                    widths[index] = max(widths[index], TextWidth.of(line))
                }
            }
        }
        return widths
    }

    private func fitted(_ natural: [Int], to width: Int?) -> [Int] {
        var widths = natural
        guard let width else { return widths }
        var excess = widths.reduce(0, +) + separator.count * (columns.count - 1) - width
        // Take from the widest flexible column first, down to a readable minimum.
        while excess > 0 {
            let candidates = columns.indices.filter { columns[$0].isFlexible && widths[$0] > 8 }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    /// A row's lines: one, or more when a cell holds line breaks.
    private func rowLines(_ cells: [String], widths: [Int]) -> [String] {
        let cellLines = cells.prefix(columns.count).map(TerminalText.lines)
        let count = cellLines.map(\.count).max() ?? 1
        return (0..<max(count, 1)).map { lineIndex in
            line(cellLines.map { lineIndex < $0.count ? $0[lineIndex] : "" }, widths: widths)
        }
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var parts: [String] = []
        for (index, column) in columns.enumerated() {
            let cell = TextWidth.truncate(index < cells.count ? cells[index] : "", to: widths[index])
            let padding = String(repeating: " ", count: max(0, widths[index] - TextWidth.of(cell)))
            let isLast = index == columns.count - 1
            switch column.alignment {
            case .left: parts.append(isLast ? cell : cell + padding)
            case .right: parts.append(padding + cell)
            }
        }
        return parts.joined(separator: separator)
    }
}
