import HTTPTypes

/// Checks the headers that swift-openapi-runtime parses as media types before the runtime sees
/// them, on both sides of the wire.
///
/// The runtime keeps a media type's parameters in a dictionary keyed by their names as written,
/// then lower-cases the names into a second dictionary built with `uniqueKeysWithValues`: a
/// header such as `application/json; charset=utf-8; Charset=utf-8` traps the process (a
/// duplicate-key precondition), on the server when a client sends it and in the client when a
/// server answers with it. Media types are parsed from `Content-Type` (request and response) and
/// `Accept` (request); `Content-Disposition` is parsed with a merging dictionary and survives
/// duplicates, but is checked the same way so no part of the contract depends on that detail.
///
/// The check is deliberately stricter than the runtime: a parameter name given twice in any
/// letter case, a parameter without `=`, an empty name or a control character is refused, so
/// what passes is a header every parser reads the same way.
public enum MediaTypeHeaderCheck {
    /// The headers the runtime parses as parameterised values, with their names as people
    /// write them (`HTTPField.Name` keeps them lower-cased).
    public static let parsedFields: [(name: HTTPField.Name, spelling: String)] = [
        (.contentType, "Content-Type"), (.accept, "Accept"), (.contentDisposition, "Content-Disposition"),
    ]

    /// Why a header was refused: the header's name and one sentence for people.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The refused header, as in `Content-Type`.
        public let field: String
        /// What was wrong and what would be right.
        public let reason: String

        public var description: String { "\(field): \(reason)" }
    }

    /// The first parsed header in `fields` that the runtime could not take safely, or `nil` when
    /// all of them are fine.
    ///
    /// Several fields of one name are checked as the runtime reads them: joined with `, `.
    public static func firstRefusal(in fields: HTTPFields) -> Refusal? {
        for (name, spelling) in parsedFields {
            guard let value = fields[name] else { continue }
            if let reason = problem(inHeaderValue: value, listed: name == .accept) {
                return Refusal(field: spelling, reason: reason)
            }
        }
        return nil
    }

    /// What is wrong with one header value, or `nil`. `listed` values (`Accept`) are a
    /// comma-separated list of media types, each checked on its own.
    static func problem(inHeaderValue value: String, listed: Bool) -> String? {
        if value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            return "it holds a control character; send a plain media type such as application/json"
        }
        let elements = listed ? value.split(separator: ",", omittingEmptySubsequences: false) : [Substring(value)]
        for element in elements {
            if let problem = problem(inElement: element) { return problem }
        }
        return nil
    }

    private static func problem(inElement element: Substring) -> String? {
        var seen: Set<String> = []
        for parameter in element.split(separator: ";", omittingEmptySubsequences: false).dropFirst() {
            let trimmed = parameter.trimmingSpaces
            if trimmed.isEmpty { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingSpaces.lowercased()
            guard parts.count == 2, !name.isEmpty else {
                return "parameter '\(trimmed)' is not name=value; write parameters as name=value"
            }
            guard seen.insert(name).inserted else {
                return "parameter '\(name)' is given more than once; give each parameter once"
            }
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
