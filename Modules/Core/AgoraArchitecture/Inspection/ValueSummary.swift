/// A value in one short line, for `inspect` and `trace`: a list by its count, text quoted and
/// cut, anything else as it describes itself, cut.
public enum ValueSummary {
    /// The longest summary, in characters.
    public static let maximumLength = 80

    public static func of(_ value: Any) -> String {
        let text: String
        switch value {
        case let list as any RowCounting:
            // A list that holds a window of its rows is summed up by the whole list's count.
            text = "\(list.totalCount) item\(list.totalCount == 1 ? "" : "s")"
        case let collection as any Collection where !(value is String):
            text = "\(collection.count) item\(collection.count == 1 ? "" : "s")"
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

/// A list that holds some of its rows and knows how many it has in all.
protocol RowCounting {
    var totalCount: Int { get }
}

extension ListRows: RowCounting {}
