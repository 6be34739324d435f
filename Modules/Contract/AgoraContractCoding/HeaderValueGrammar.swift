import AgoraModels

/// RFC 9110's grammar for the parameterised header values that swift-openapi-runtime parses:
/// what a value must be, checked before any parser reads it.
///
/// ```
/// media-type    = type "/" subtype parameters          ; Content-Type (RFC 9110 §8.3.1)
/// Accept        = #( media-range [ weight ] )          ; §12.5.1, weight being a parameter
/// disposition   = disposition-type parameters          ; Content-Disposition (RFC 6266 §4.1)
/// parameters    = *( OWS ";" OWS [ parameter ] )
/// parameter     = token "=" ( token / quoted-string )
/// token         = 1*tchar
/// OWS           = *( SP / HTAB )
/// ```
///
/// Only printable ASCII, space and tab are ever accepted: a scalar outside them (a no-break
/// space, an ideographic space, a zero-width character, obs-text) is refused wherever it stands,
/// so no parser's idea of whitespace or letter case beyond ASCII can change what a value means.
/// Two rules are stricter than the grammar: a parameter name may appear once, in any letter case
/// (a repeat has no single meaning, and the runtime traps on it), and a quoted value may not
/// hold a backslash or one of the list's delimiters (`;`, `,`, `=`), because the runtime splits
/// values at those without regard to quotes. What passes is read the same way by every parser.
enum HeaderValueGrammar {
    /// Which production a header's value must match.
    enum Production {
        /// One `type/subtype` with parameters: `Content-Type`.
        case mediaType
        /// A comma-separated list of media ranges with parameters: `Accept`.
        case mediaRangeList
        /// One token with parameters: `Content-Disposition`.
        case disposition
    }

    /// What is wrong with `value` as `production`, in one sentence, or `nil` when it matches.
    static func problem(in value: String, as production: Production) -> String? {
        if let stray = value.unicodeScalars.first(where: { !isFieldCharacter($0) }) {
            return
                "it holds \(stray.codePoint), and only printable ASCII, spaces and tabs may stand there; send a plain media type such as application/json"
        }
        var scanner = Scanner(Array(value.utf8))
        switch production {
        case .mediaType: return scanner.single { $0.element(withSubtype: true) }
        case .disposition: return scanner.single { $0.element(withSubtype: false) }
        case .mediaRangeList: return scanner.list()
        }
    }

    /// VCHAR, SP or HTAB: what a field value may hold apart from obs-text, which is refused.
    private static func isFieldCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (0x21...0x7E).contains(scalar.value)
    }
}

/// A one-pass reader of a header value's ASCII bytes by the productions above.
private struct Scanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }
    private var atEnd: Bool { position == bytes.count }
    /// What is left to read, cut to a quotable length.
    private var rest: String {
        let shown = String(decoding: bytes[position..<min(bytes.count, position + 40)], as: UTF8.self)
        return bytes.count - position > 40 ? shown + "..." : shown
    }

    /// One element filling the whole value, with optional whitespace around it.
    mutating func single(_ element: (inout Scanner) -> String?) -> String? {
        skipWhitespace()
        if let problem = element(&self) { return problem }
        skipWhitespace()
        return atEnd ? nil : unexpected(expecting: "';' or the end of the header")
    }

    /// `#element`: elements separated by commas, empty ones allowed.
    mutating func list() -> String? {
        skipWhitespace()
        while !atEnd {
            if next == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                continue
            }
            if let problem = element(withSubtype: true) { return problem }
            skipWhitespace()
            if atEnd { break }
            guard next == UInt8(ascii: ",") else { return unexpected(expecting: "';', ',' or the end of the header") }
        }
        return nil
    }

    /// `token [ "/" token ] parameters`.
    mutating func element(withSubtype: Bool) -> String? {
        let start = position
        let example = withSubtype ? "a media type such as application/json" : "a disposition such as attachment"
        guard token() != nil, !withSubtype || (take(UInt8(ascii: "/")) && token() != nil) else {
            position = start
            return "'\(rest)' does not start with \(withSubtype ? "type/subtype" : "a token"); send \(example)"
        }
        return parameters()
    }

    /// `*( OWS ";" OWS [ parameter ] )`, each name once in any letter case.
    private mutating func parameters() -> String? {
        var names: Set<String> = []
        while true {
            let beforeSeparator = position
            skipWhitespace()
            guard take(UInt8(ascii: ";")) else {
                position = beforeSeparator
                return nil
            }
            skipWhitespace()
            guard let name = token() else { continue }
            guard take(UInt8(ascii: "=")) else {
                return "parameter '\(name)' has no value; write parameters as name=value"
            }
            if let problem = parameterValue(of: name) { return problem }
            guard names.insert(name.lowercased()).inserted else {
                return "parameter '\(name.lowercased())' is given more than once; give each parameter once"
            }
        }
    }

    /// `token / quoted-string`, the quoted form without backslashes or the list's delimiters.
    private mutating func parameterValue(of name: String) -> String? {
        if token() != nil { return nil }
        guard take(UInt8(ascii: "\"")) else {
            return "parameter '\(name)' has a value that is neither a token nor a quoted string; send name=value or name=\"value\""
        }
        while let byte = next, byte != UInt8(ascii: "\"") {
            if [UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "=")].contains(byte) {
                return
                    "the quoted value of parameter '\(name)' holds '\(Character(Unicode.Scalar(byte)))', which is refused inside quotes; send the value without it"
            }
            position += 1
        }
        guard take(UInt8(ascii: "\"")) else {
            return "the quoted value of parameter '\(name)' has no closing quote; end it with \""
        }
        return nil
    }

    /// `1*tchar`, or `nil` (and nothing read) when none is next.
    private mutating func token() -> String? {
        let start = position
        while let byte = next, Self.isTokenCharacter(byte) { position += 1 }
        return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { position += 1 }
    }

    private func unexpected(expecting: String) -> String {
        "it has '\(rest)' where \(expecting) should follow; send a media type such as application/json; charset=utf-8"
    }

    /// RFC 9110's `tchar`: ASCII letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
