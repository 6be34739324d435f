/// A value in one short line, for `inspect` and `trace`: a list by its count, text quoted and
/// cut, anything else as it describes itself, cut.
public enum ValueSummary {
    /// The longest summary, in characters.
    public static let maximumLength = 80

    public static func of(_ value: Any) -> String {
        let text: String
        switch value {
        case let collection as any Collection where !(value is String):
            text = "\(collection.count) item\(collection.count == 1 ? "" : "s")"
        case let list as any RowCounting:
            // A list read on demand is summed up by its count, without reading a row.
            text = "\(list.count) item\(list.count == 1 ? "" : "s")"
        case let string as String:
            text = "\"\(string)\""
        case is Void:
            text = "()"
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                text = mirror.children.first.map { of($0.value) } ?? "nil"
            } else {
                text = String(describing: value)
            }
        }
        return text.count > maximumLength ? String(text.prefix(maximumLength - 1)) + "…" : text
    }
}

/// A list that is not a `Collection` (its rows are read on demand) but knows its count.
protocol RowCounting {
    var count: Int { get }
}

extension ListSnapshot: RowCounting {}
