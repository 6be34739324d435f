import Foundation

extension DecodingError {
    /// The request field the decoder stopped at, dotted ("going", "author.id"), or `nil` when
    /// the input as a whole was unreadable (not JSON at all).
    var field: String? {
        let path: [any CodingKey]
        switch self {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: return nil
        }
        let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return names.isEmpty ? nil : names.joined(separator: ".")
    }

    /// One sentence for the client: what was wrong, without echoing the input back.
    var reason: String {
        switch self {
        case .keyNotFound: "This field is required."
        case .typeMismatch(let type, _): "Expected \(Self.describe(type))."
        case .valueNotFound(let type, _): "Expected \(Self.describe(type)), got null."
        case .dataCorrupted: "The value could not be read."
        @unknown default: "The value could not be read."
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        default: "a \(type)"
        }
    }
}
