import AgoraArchitecture
import AgoraTerminalUI
import Foundation

extension TableCell {
    /// How deep `reflecting(_:)` reads nested values before it tells the rest as text.
    static let reflectedDepth = 8

    /// Any value an output holds, as typed data for a program (`inspect` in `--format json`):
    /// `nil` and `()` as absent, numbers, yes or no and text as themselves, a date as ISO 8601, a
    /// list as a list, a struct or a class as its named fields, an enum as its case's name (or
    /// its description, when it has a value and describes itself: `draft-7`).
    static func reflecting(_ value: Any, depth: Int = 0) -> TableCell {
        switch value {
        case let flag as Bool: return .flag(flag)
        case let number as Int: return .number(number)
        case let number as any BinaryInteger: return Int(exactly: number).map(TableCell.number) ?? .text("\(number)")
        case let number as any BinaryFloatingPoint: return .decimal(Double(number))
        case let text as String: return .text(text)
        case let text as Substring: return .text(String(text))
        case let date as Date: return .text(date.formatted(.iso8601))
        case let date as DisplayDate: return .text(date.date.formatted(.iso8601))
        case let url as URL: return .text(url.absoluteString)
        case let id as UUID: return .text(id.uuidString)
        case is Void: return .absent
        default: break
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .absent }
            return reflecting(wrapped, depth: depth)
        }
        guard depth < reflectedDepth else { return .text(String(describing: value)) }
        switch mirror.displayStyle {
        case .collection, .set:
            return .list(mirror.children.map { reflecting($0.value, depth: depth + 1) })
        case .dictionary:
            return .fields(
                mirror.children.map { pair in
                    let parts = Array(Mirror(reflecting: pair.value).children)
                    let key = parts.first.map { String(describing: $0.value) } ?? "?"
                    return TableRow.Field(key, reflecting(parts.last?.value ?? pair.value, depth: depth + 1))
                })
        case .enum:
            guard let payload = mirror.children.first else { return .text(String(describing: value)) }
            if value is any CustomStringConvertible { return .text(String(describing: value)) }
            return .fields([TableRow.Field(payload.label ?? "value", reflecting(payload.value, depth: depth + 1))])
        default:
            let children = mirror.children
            guard !children.isEmpty else { return .text(String(describing: value)) }
            return .fields(
                children.enumerated().map { index, child in
                    TableRow.Field(Self.fieldName(child.label, index: index), reflecting(child.value, depth: depth + 1))
                })
        }
    }

    /// A field's name: its label without the `_` of a wrapped property, or its place in a tuple.
    private static func fieldName(_ label: String?, index: Int) -> String {
        guard let label else { return String(index) }
        if label.hasPrefix(".") { return String(label.dropFirst()) }
        return label.hasPrefix("_") ? String(label.dropFirst()) : label
    }
}
