import AgoraArchitecture

/// One cell of a list screen's table, kept typed until it is shown, so each reader gets the
/// form it needs: a date is short in a narrow terminal and full in a wide one, and a program
/// reading `--format json` gets it as ISO 8601 and a count as a number.
public enum TableCell: Hashable, Sendable {
    case text(String)
    case number(Int)
    case date(DisplayDate)

    /// Terminals narrower than this show dates in their compact form ("Dec 1, 7:00 PM"): the
    /// full one ("Tue, Dec 1, 2026 at 7:00 PM") would leave little room for the text.
    public static let compactDatesBelowColumns = 100

    /// The text a terminal shows: a date's compact form when `compact`.
    public func text(compact: Bool) -> String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .date(let date): compact ? date.compactText : date.text
        }
    }
}

/// One row of a list screen's table: its item's identity and its cells, in column order. The
/// row number (`#`) is added by `TableRowsPrinter`.
public struct TableRow: Hashable, Sendable {
    /// The item's identity, for a program reading the rows (`"42"`, `"draft-7"`).
    public let id: String
    public let cells: [TableCell]

    public init(id: String, cells: [TableCell]) {
        self.id = id
        self.cells = cells
    }
}
