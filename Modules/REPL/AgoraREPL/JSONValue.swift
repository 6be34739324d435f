import AgoraTerminalUI
import Foundation

/// A table cell as `--format json` and `--format tsv` write it: a count as a number, a date as
/// ISO 8601 in UTC, text as it came (through `TerminalText`, like everything written).
enum JSONValue: Encodable, Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)

    init(_ cell: TableCell) {
        switch cell {
        case .text(let text): self = .string(TerminalText.line(text))
        case .number(let number): self = .number(number)
        case .date(let date): self = .string(date.date.formatted(.iso8601))
        case .flag(let flag): self = .bool(flag)
        }
    }

    /// An item's identity: a number when it is one (`42`, as in an event's record), else text
    /// (`draft-7`).
    init(id: String) {
        self = Int(id).map(JSONValue.number) ?? .string(TerminalText.line(id))
    }

    /// The value as a TSV field.
    var text: String {
        switch self {
        case .string(let text): text
        case .number(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        }
    }
}
