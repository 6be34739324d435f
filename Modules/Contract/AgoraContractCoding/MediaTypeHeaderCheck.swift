import HTTPTypes

/// Checks the headers that swift-openapi-runtime parses as media types before the runtime sees
/// them, on both sides of the wire.
///
/// The runtime's parser is lenient in ways that can end the process: it splits a value at `;`
/// and `=` without regard to quotes, trims every Unicode whitespace around the pieces, keeps
/// parameter names as written and later lower-cases them into a dictionary built with
/// `uniqueKeysWithValues`. A header such as `application/json; charset=utf-8; Charset=utf-8`
/// (or the same with a no-break space before `Charset`) traps on the duplicate key, on the server
/// when a client sends it and in the client when a server answers with it.
///
/// The check does not follow the runtime's reading: a value passes only when it matches RFC
/// 9110's grammar for its header (see `HeaderValueGrammar`), which admits printable ASCII alone,
/// tokens for names, each parameter name once. Media types are parsed from `Content-Type`
/// (request and response) and `Accept` (request); `Content-Disposition` is parsed with a merging
/// dictionary and survives duplicates, but is checked the same way so that no part of the
/// contract depends on that detail.
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
        /// What was wrong and what would be right. It quotes the header's text only once that
        /// text is known to be printable ASCII; any other scalar is named as in `U+00A0`.
        public let reason: String

        public var description: String { "\(field): \(reason)" }
    }

    /// The first parsed header in `fields` that does not match its grammar, or `nil` when all of
    /// them do.
    ///
    /// Several fields of one name are checked as the runtime reads them: joined with `, `, which
    /// only `Accept`'s list grammar admits.
    public static func firstRefusal(in fields: HTTPFields) -> Refusal? {
        for (name, spelling) in parsedFields {
            guard let value = fields[name] else { continue }
            if let reason = HeaderValueGrammar.problem(in: value, as: production(of: name)) {
                return Refusal(field: spelling, reason: reason)
            }
        }
        return nil
    }

    private static func production(of name: HTTPField.Name) -> HeaderValueGrammar.Production {
        switch name {
        case .accept: .mediaRangeList
        case .contentDisposition: .disposition
        default: .mediaType
        }
    }
}
