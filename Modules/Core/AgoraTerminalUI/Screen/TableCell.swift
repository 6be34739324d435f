import AgoraArchitecture

/// One cell of a list screen's table, kept typed until it is shown, so each reader gets the
/// form it needs: a date is short in a narrow terminal and full in a wide one, and a program
/// reading `--format json` gets it as ISO 8601 and a count as a number.
public enum TableCell: Hashable, Sendable {
    case text(String)
    case number(Int)
    /// A number with a fraction, for a program (`0.25`).
    case decimal(Double)
    case date(DisplayDate)
    /// A yes or no, for a program (`"isMine": true`); a terminal shows "yes" or "no".
    case flag(Bool)
    /// No value (a comment not stored yet has no id): `null` for a program, nothing on a
    /// terminal.
    case absent
    /// Values in order (a list of rows), for a program; a terminal shows how many.
    indirect case list([TableCell])
    /// Named values (an event's fields), for a program; a terminal shows how many.
    indirect case fields([TableRow.Field])

    /// Terminals narrower than this show dates in their compact form ("Dec 1, 7:00 PM"): the
    /// full one ("Tue, Dec 1, 2026 at 7:00 PM") would leave little room for the text.
    public static let compactDatesBelowColumns = 100

    /// The text a terminal shows: a date's compact form when `compact`.
    public func text(compact: Bool) -> String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .date(let date): compact ? date.compactText : date.text
        case .flag(let flag): flag ? "yes" : "no"
        case .absent: ""
        case .decimal(let number): String(number)
        case .list(let items): items.count == 1 ? "1 item" : "\(items.count) items"
        case .fields(let fields): fields.count == 1 ? "1 field" : "\(fields.count) fields"
        }
    }
}

/// One row of a list screen's table: its item's identity and its cells, in column order. The
/// row number (`#`) is added by ``PagedTable``.
///
/// A terminal shows what a row is (a comment being sent, the viewer's own) inside its cells:
/// "(sending…) Hello", "Alice Martin (you)". A program reading the rows gets each such fact as a
/// field of its own and the cells without them: ``data`` and ``fields``.
public struct TableRow: Hashable, Sendable {
    /// A fact about the row for a program, beside its cells (`"state": "sending"`).
    public struct Field: Hashable, Sendable {
        public let name: String
        public let value: TableCell

        public init(_ name: String, _ value: TableCell) {
            self.name = name
            self.value = value
        }
    }

    /// The item's identity, for a program reading the rows (`"42"`); `nil` for an item that has
    /// none yet (a comment not stored yet, which a field names instead).
    public let id: String?
    /// The cells as a terminal shows them.
    public let cells: [TableCell]
    /// The cells as a program reads them: without the facts ``fields`` gives.
    public let data: [TableCell]
    public let fields: [Field]

    /// - Parameters:
    ///   - id: the item's identity, if it has one yet.
    ///   - cells: the cells as a terminal shows them.
    ///   - data: the cells for a program, when they differ (the facts `cells` show inside them
    ///     left out); `cells` by default.
    ///   - fields: those facts, each a field of its own for a program.
    public init(id: String?, cells: [TableCell], data: [TableCell]? = nil, fields: [Field] = []) {
        self.id = id
        self.cells = cells
        self.data = data ?? cells
        self.fields = fields
    }
}
