import AgoraArchitecture
import AgoraTerminalUI
import Foundation

/// A value whole, as `inspect <output>` prints it: a field a line, nested values indented under
/// their field, a list's items numbered from 0 as `send` counts rows. Nothing is cut: a line
/// wider than the terminal is wrapped (``WrappedText``), which also keeps its text from acting
/// on the terminal.
enum ValueOutline {
    /// `value` as lines of at most `width` columns (`nil`: no wrapping), under `label`.
    static func lines(of value: Any, label: String, width: Int?) -> [String] {
        entries(of: value, label: label, depth: 0).flatMap { depth, text in
            let indent = String(repeating: "  ", count: depth)
            return WrappedText.lines(text, width: width, indent: indent)
        }
    }

    /// Each line's depth and text, before wrapping.
    private static func entries(of value: Any, label: String, depth: Int) -> [(depth: Int, text: String)] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return [(depth, "\(label): nil")] }
            return entries(of: wrapped, label: label, depth: depth)
        }
        if mirror.displayStyle != .dictionary, !(value is String), let collection = value as? any Collection {
            // Before anything that describes itself: a list of rows is its rows, one by one.
            return [(depth, "\(label): \(ValueSummary.of(value))")]
                + items(of: collection).flatMap { entries(of: $0.value, label: $0.label, depth: depth + 1) }
        }
        if let leaf = leafText(value, mirror) {
            return [(depth, "\(label): \(leaf)")]
        }
        let children: [(label: String, value: Any)]
        let heading: String
        switch mirror.displayStyle {
        case .dictionary:
            children = mirror.children.map { pair in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return (parts.first.map { String(describing: $0.value) } ?? "?", parts.last?.value ?? pair.value)
            }
            heading = ValueSummary.of(value)
        default:
            children = mirror.children.enumerated().map { index, child in (child.label ?? ".\(index)", child.value) }
            heading = String(describing: type(of: value))
        }
        return [(depth, "\(label): \(heading)")] + children.flatMap { entries(of: $0.value, label: $0.label, depth: depth + 1) }
    }

    /// A collection's items labelled by their place (`[0]`), a window of a longer list by its
    /// place in the whole list.
    private static func items<Items: Collection>(of collection: Items) -> [(label: String, value: Any)] {
        zip(collection.indices, collection).enumerated().map { offset, pair in
            let place = (pair.0 as? Int) ?? offset
            return ("[\(place)]", pair.1 as Any)
        }
    }

    /// The one-line form of a value with nothing inside worth a line of its own: text quoted,
    /// numbers, dates, cases, and anything without fields; `nil` for a value with fields or items.
    private static func leafText(_ value: Any, _ mirror: Mirror) -> String? {
        switch value {
        case let text as String: return "\"\(text)\""
        case let date as Date: return date.formatted(.iso8601)
        case is Void: return "()"
        case is any Numeric, is Bool, is URL, is UUID: return String(describing: value)
        default: break
        }
        if mirror.displayStyle == .enum || mirror.children.isEmpty {
            return String(describing: value)
        }
        if mirror.displayStyle != .dictionary, value is any CustomStringConvertible {
            return String(describing: value)
        }
        return nil
    }
}
