import Hummingbird

/// Answers 400 to a request whose path or query breaks percent-encoding (RFC 3986 §2.1: `%`
/// then two hexadecimal digits) or encodes bytes that are not UTF-8, before any route or the
/// OpenAPI runtime decodes it.
///
/// The runtime's query decoder fails on `?%` or `?%ZZ` with an error no refusal maps, which
/// became a 500 and an error in the log for what is the client's mistake. The refusal names
/// `path` or `query` as its field and shows the bad escape, which is printable ASCII by then.
struct RequestTargetGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let target = request.uri.description
        let queryStart = target.firstIndex(of: "?")
        if let problem = Self.problem(in: target[..<(queryStart ?? target.endIndex)]) {
            throw APIError.invalidField("path", "The path \(problem).")
        }
        if let queryStart, let problem = Self.problem(in: target[target.index(after: queryStart)...]) {
            throw APIError.invalidField("query", "The query \(problem).")
        }
        return try await next(request, context)
    }

    /// What is wrong with the percent-encoding of `part`, as the end of a sentence about it, or
    /// `nil` when every `%` starts an escape and the bytes they encode are UTF-8.
    static func problem(in part: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = part.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = utf8.prefix(2)
            guard digits.count == 2, let high = digits.first.flatMap(hexValue), let low = digits.last.flatMap(hexValue) else {
                let shown = String(decoding: digits.prefix { (0x21...0x7E).contains($0) }, as: UTF8.self)
                return "holds '%\(shown)', which is not a percent-encoded byte; write % as %25 and escapes as % and two hex digits"
            }
            utf8 = utf8.dropFirst(2)
            bytes.append(high << 4 | low)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return "encodes bytes that are not UTF-8 text; percent-encode text as UTF-8"
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
