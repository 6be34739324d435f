/// Rows of text in aligned columns that fit a width: wide (CJK) characters count two columns,
/// and a cell that does not fit is cut with "…", never wrapped.
///
/// A table too wide for its terminal gives up width in this order: flexible columns shrink to 8
/// columns, those of the lowest ``Column/Priority-swift.enum`` first; columns of `low` priority,
/// then of `medium`, are left out, the rightmost first; then every column shrinks, the widest
/// first, down to 4. A table fits any terminal of 40 columns or more.
///
/// Cells are text from outside (a server, the mock, the cache) and pass through
/// ``TerminalText``: nothing in them acts on the terminal, and a cell's line breaks become lines
/// of their own under the row's first, the other columns left blank.
public struct TextTable: Sendable {
    /// Where a column's cells sit: text to the left, numbers to the right.
    public enum Alignment: Sendable { case left, right }

    /// One column: its title, its alignment, and how it gives up width when the table is too
    /// wide.
    public struct Column: Sendable {
        /// How much a column matters on a narrow terminal: the lowest are left out first.
        public enum Priority: Int, Sendable, Comparable {
            /// Left out first (an event's attendance).
            case low
            /// Left out when leaving out the low ones was not enough (a comment's date).
            case medium
            /// Never left out; cut if it must be (the default).
            case high

            public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        public let title: String
        /// The column's name for a program (`--format json`'s key, TSV's header): the name the
        /// same value has where the item is shown whole (`startsAt` for an event's "When").
        public let key: String
        public let alignment: Alignment
        /// A flexible column gives up width first when the table is too wide.
        public let isFlexible: Bool
        public let priority: Priority

        /// A column titled `title`; `key`, its name for a program, is by default the title in
        /// lower camel case ("Sent by" → `sentBy`).
        public init(_ title: String, key: String? = nil, alignment: Alignment = .left, isFlexible: Bool = false, priority: Priority = .high) {
            self.title = title
            self.key = key ?? Self.camelCased(title)
            self.alignment = alignment
            self.isFlexible = isFlexible
            self.priority = priority
        }

        /// "Sent by" → `sentBy`, "When" → `when`, "ViewModel" → `viewModel`.
        static func camelCased(_ title: String) -> String {
            let words = title.split(separator: " ")
            guard let first = words.first else { return title }
            return first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
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
        let cutInTheMiddle = cellsCutAlike(rows, widths: widths)
        var lines: [String] = []
        if header { lines.append(line(columns.map(\.title), widths: widths)) }
        for index in shown where rows.indices.contains(index) {
            lines.append(contentsOf: rowLines(rows[index], widths: widths, cutInTheMiddle: cutInTheMiddle))
        }
        return lines
    }

    /// By column, the cells that its cut would make look alike ("Swift on the Se…" for "Swift on
    /// the Server" and "Swift on the Server #2"): those are cut in the middle instead, keeping
    /// the end that tells them apart.
    private func cellsCutAlike(_ rows: [[String]], widths: [Int?]) -> [Int: Set<String>] {
        var alike: [Int: Set<String>] = [:]
        for (index, width) in widths.enumerated() {
            guard let width else { continue }
            var cellsByCut: [String: Set<String>] = [:]
            for row in rows where index < row.count {
                let cell = TerminalText.lines(row[index]).first ?? ""
                guard TextWidth.of(cell) > width else { continue }
                cellsByCut[TextWidth.truncate(cell, to: width), default: []].insert(cell)
            }
            let cut = cellsByCut.values.filter { $0.count > 1 }.reduce(into: Set<String>()) { $0.formUnion($1) }
            if !cut.isEmpty { alike[index] = cut }
        }
        return alike
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

    /// Each column's width on a terminal of `width` columns; `nil` for a column left out.
    func fitted(_ natural: [Int], to width: Int?) -> [Int?] {
        guard let width else { return natural }
        var widths: [Int?] = natural
        func excess() -> Int {
            let shown = widths.compactMap { $0 }
            return shown.reduce(0, +) + separator.count * (shown.count - 1) - width
        }
        /// Takes from the widest of `candidates` first, down to `minimum`.
        func shrink(_ candidates: [Int], to minimum: Int) {
            var over = excess()
            while over > 0 {
                guard let widest = candidates.filter({ (widths[$0] ?? 0) > minimum }).max(by: { widths[$0]! < widths[$1]! }) else { return }
                widths[widest]! -= 1
                over -= 1
            }
        }
        /// Shrinks the flexible columns shown, those of the lowest priority first, down to 8.
        func shrinkFlexible() {
            for priority in [Column.Priority.low, .medium, .high] {
                shrink(columns.indices.filter { columns[$0].isFlexible && columns[$0].priority == priority && widths[$0] != nil }, to: 8)
            }
        }
        shrinkFlexible()
        for priority in [Column.Priority.low, .medium] {
            for index in columns.indices.reversed() where columns[index].priority == priority && excess() > 0 {
                widths[index] = nil
                // What a column left out frees goes back to the others, shrunk again as needed.
                widths = zip(widths, natural).map { width, natural in width.map { _ in natural } }
                shrinkFlexible()
            }
        }
        shrink(columns.indices.filter { widths[$0] != nil }, to: 4)
        return widths
    }

    /// A row's lines: one, or more when a cell holds line breaks.
    private func rowLines(_ cells: [String], widths: [Int?], cutInTheMiddle: [Int: Set<String>]) -> [String] {
        let cellLines = cells.prefix(columns.count).map(TerminalText.lines)
        let count = cellLines.map(\.count).max() ?? 1
        return (0..<max(count, 1)).map { lineIndex in
            line(cellLines.map { lineIndex < $0.count ? $0[lineIndex] : "" }, widths: widths, cutInTheMiddle: cutInTheMiddle)
        }
    }

    private func line(_ cells: [String], widths: [Int?], cutInTheMiddle: [Int: Set<String>] = [:]) -> String {
        var parts: [String] = []
        let lastShown = widths.lastIndex { $0 != nil }
        for (index, column) in columns.enumerated() {
            guard let width = widths[index] else { continue }
            let text = index < cells.count ? cells[index] : ""
            let cell =
                cutInTheMiddle[index]?.contains(text) == true ? TextWidth.truncateMiddle(text, to: width) : TextWidth.truncate(text, to: width)
            let padding = String(repeating: " ", count: max(0, width - TextWidth.of(cell)))
            let isLast = index == lastShown
            switch column.alignment {
            case .left: parts.append(isLast ? cell : cell + padding)
            case .right: parts.append(padding + cell)
            }
        }
        return parts.joined(separator: separator)
    }
}
