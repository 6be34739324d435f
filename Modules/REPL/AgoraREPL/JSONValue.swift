import AgoraTerminalUI
import Foundation

/// A table cell as `--format json` and `--format tsv` write it: a count as a number, a date as
/// ISO 8601 in UTC, text as it came (through `TerminalText`, like everything written), a list
/// as an array and named values as an object.
enum JSONValue: Encodable, Equatable {
    case string(String)
    case number(Int)
    case double(Double)
    case bool(Bool)
    case null
    indirect case array([JSONValue])
    indirect case object([String: JSONValue])

    init(_ cell: TableCell) {
        switch cell {
        case .text(let text): self = .string(TerminalText.line(text))
        case .number(let number): self = .number(number)
        case .date(let date): self = .string(date.date.formatted(.iso8601))
        case .flag(let flag): self = .bool(flag)
        case .absent: self = .null
        // JSON has no NaN or infinity: such a number is told as text.
        case .decimal(let number): self = number.isFinite ? .double(number) : .string(String(number))
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .fields(let fields):
            self = .object(Dictionary(fields.map { (TerminalText.line($0.name), JSONValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// An item's identity: a number when it is one (`42`, as in an event's record), else text
    /// (`agora://events`); `null` for an item that has none yet.
    init(id: String?) {
        guard let id else {
            self = .null
            return
        }
        self = Int(id).map(JSONValue.number) ?? .string(TerminalText.line(id))
    }

    /// The value as a TSV field: a list or named values as their JSON, on one line.
    var text: String {
        switch self {
        case .string(let text): text
        case .number(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        case .null: ""
        case .array, .object:
            (try? Self.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .double(let number): try container.encode(number)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }
}
