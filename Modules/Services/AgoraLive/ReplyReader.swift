import AgoraAPI
import HTTPTypes

/// What a request that ran to its end received.
struct CurlReply: Sendable {
    let response: HTTPResponse
    let body: [UInt8]
}

/// Reads one reply as libcurl hands it over, on the transfer's thread, and holds it to the
/// transport's rules: at most `maxBytes` of body, and no content coding.
///
/// libcurl is never asked to decode a reply, so the bytes counted are the bytes held and
/// decoded: a compressed reply is refused from its head, before a byte of it is read, because
/// the client asks for none and could not bound what one expands to.
final class ReplyReader {
    private let exchange: CurlExchange
    private let maxBytes: Int
    private var status: Int?
    private var fields = HTTPFields()
    private var body: [UInt8] = []
    /// Why the reader stopped the transfer, when it did.
    private(set) var refusal: ServiceError?

    init(exchange: CurlExchange, maxBytes: Int) {
        self.exchange = exchange
        self.maxBytes = maxBytes
    }

    /// Whether the exchange ended early, so the transfer should stop.
    var isExchangeEnded: Bool { exchange.isEnded }

    /// The reply, once the transfer completed: `nil` when no status line arrived.
    var reply: CurlReply? {
        status.map { CurlReply(response: HTTPResponse(status: .init(code: $0), headerFields: fields), body: body) }
    }

    /// Takes one line of the head, its CRLF included; `false` stops the transfer.
    func take(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
        guard !exchange.isEnded, refusal == nil else { return false }
        var line = ArraySlice(bytes)
        while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") { line = line.dropLast() }
        if line.isEmpty { return headEnded() }
        if line.starts(with: "HTTP/".utf8) {
            // A status line starts a head; an interim 1xx head before it is forgotten.
            fields = HTTPFields()
            status = Self.statusCode(in: line)
            return status != nil || refuse(.undecodable("a malformed HTTP response"))
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
            let name = HTTPField.Name(String(decoding: line[..<colon], as: UTF8.self))
        else { return refuse(.undecodable("a malformed HTTP response")) }
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var value = line[(colon + 1)...].drop(while: isWhitespace)
        while let last = value.last, isWhitespace(last) { value = value.dropLast() }
        // Invalid bytes become spaces; the media-type check reads the value after this.
        fields.append(HTTPField(name: name, value: value))
        return true
    }

    /// Takes a piece of the body; `false` stops the transfer.
    func take(body bytes: UnsafeRawBufferPointer) -> Bool {
        guard !exchange.isEnded, refusal == nil else { return false }
        guard body.count + bytes.count <= maxBytes else { return refuse(.replyTooLarge(limit: maxBytes)) }
        body.append(contentsOf: bytes)
        return true
    }

    /// The head is complete: a final one is checked before its body is read.
    private func headEnded() -> Bool {
        guard let status, status >= 200 else { return true }
        if let coding = fields[.contentEncoding], !coding.isEmpty, coding.lowercased() != "identity" {
            return refuse(.undecodable("a compressed reply, which agora does not ask for"))
        }
        if let length = fields[.contentLength].flatMap({ Int($0) }), length > maxBytes {
            return refuse(.replyTooLarge(limit: maxBytes))
        }
        body.reserveCapacity(min(maxBytes, fields[.contentLength].flatMap { Int($0) } ?? 0))
        return true
    }

    private func refuse(_ error: ServiceError) -> Bool {
        refusal = error
        return false
    }

    /// The three digits after a status line's first space, as in `HTTP/1.1 200 OK`.
    private static func statusCode(in line: ArraySlice<UInt8>) -> Int? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self)).flatMap { (100...999).contains($0) ? $0 : nil }
    }
}
