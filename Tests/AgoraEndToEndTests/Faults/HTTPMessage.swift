import Foundation

/// One HTTP/1.1 request or response as the proxy handles it: the start line, the headers and
/// the whole body (de-chunked), so it can be sent on with the framing the proxy chooses.
struct HTTPMessage: Sendable {
    /// `POST /v1/events/3/comments HTTP/1.1` or `HTTP/1.1 201 Created`.
    var startLine: String
    var headers: [(name: String, value: String)]
    var body: Data

    /// The value of the first header called `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A request's method and target (`GET`, `/v1/events?limit=20`).
    var requestLine: (method: String, target: String) {
        let parts = startLine.split(separator: " ")
        return (parts.first.map(String.init) ?? "", parts.count > 1 ? String(parts[1]) : "")
    }

    /// A response's status code.
    var status: Int {
        let parts = startLine.split(separator: " ")
        return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    /// The start line and headers with a `Content-Length` of the whole body and
    /// `Connection: close`: the proxy serves one exchange per connection, so it never has to
    /// find where a second one starts.
    var head: Data {
        let framing: Set = ["content-length", "transfer-encoding", "connection", "keep-alive", "expect"]
        var lines = [startLine]
        lines += headers.filter { !framing.contains($0.name.lowercased()) }.map { "\($0.name): \($0.value)" }
        lines += ["Content-Length: \(body.count)", "Connection: close"]
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// A JSON response the proxy makes up.
    static func response(status: Int, reason: String, json: String) -> HTTPMessage {
        HTTPMessage(
            startLine: "HTTP/1.1 \(status) \(reason)",
            headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Data(json.utf8)
        )
    }
}

/// Reads HTTP/1.1 messages from a socket, with a bound on their size.
struct HTTPMessageReader: ~Copyable {
    private let socket: ProxySocket
    private var buffer = Data()
    /// Larger messages are refused: the proxy only carries the API's small JSON bodies.
    private static let maximumSize = 8 * 1024 * 1024

    init(socket: ProxySocket) {
        self.socket = socket
    }

    enum ReadError: Error {
        case closedEarly
        case malformed(String)
        case tooLarge
    }

    /// The next request or response. `isResponse`: a response without a length runs until the
    /// connection closes; `onExpectContinue` is called when a request waits for a
    /// `100 Continue` before sending its body.
    mutating func read(isResponse: Bool, onExpectContinue: () -> Void = {}) throws(ReadError) -> HTTPMessage {
        let headEnd = try readUntil(Data("\r\n\r\n".utf8))
        let headText = String(decoding: consume(headEnd + 4).prefix(headEnd), as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { throw .malformed("no start line") }
        let startLine = lines.removeFirst()
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var message = HTTPMessage(startLine: startLine, headers: headers, body: Data())
        if !isResponse, message.header("Expect")?.lowercased() == "100-continue" { onExpectContinue() }
        if isResponse, message.status == 204 || message.status == 304 || (100..<200).contains(message.status) {
            return message
        }
        if message.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            message.body = try readChunkedBody()
        } else if let length = message.header("Content-Length").flatMap(Int.init) {
            guard length <= Self.maximumSize else { throw .tooLarge }
            message.body = try readExactly(length)
        } else if isResponse {
            message.body = try readToEnd()
        }
        return message
    }

    private mutating func readChunkedBody() throws(ReadError) -> Data {
        var body = Data()
        while true {
            let lineEnd = try readUntil(Data("\r\n".utf8))
            let sizeText = String(decoding: consume(lineEnd + 2).prefix(lineEnd), as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw .malformed("chunk size '\(sizeText)'")
            }
            if size == 0 {
                // Trailers, if any, end with an empty line.
                while true {
                    let end = try readUntil(Data("\r\n".utf8))
                    _ = consume(end + 2)
                    if end == 0 { return body }
                }
            }
            body.append(try readExactly(size))
            _ = try readExactly(2)
            guard body.count <= Self.maximumSize else { throw .tooLarge }
        }
    }

    /// The offset of `delimiter` in the buffer, reading until it arrives.
    private mutating func readUntil(_ delimiter: Data) throws(ReadError) -> Int {
        while true {
            if let range = buffer.range(of: delimiter) { return range.lowerBound }
            guard buffer.count <= Self.maximumSize else { throw .tooLarge }
            try fill()
        }
    }

    private mutating func readExactly(_ count: Int) throws(ReadError) -> Data {
        while buffer.count < count { try fill() }
        return consume(count)
    }

    /// Takes the first `count` bytes off the buffer. Both are copied to fresh `Data`, whose
    /// indices start at 0 as the offsets here assume.
    private mutating func consume(_ count: Int) -> Data {
        let bytes = Data(buffer.prefix(count))
        buffer = Data(buffer.dropFirst(count))
        return bytes
    }

    private mutating func readToEnd() throws(ReadError) -> Data {
        while let chunk = socket.receive() {
            buffer.append(chunk)
            guard buffer.count <= Self.maximumSize else { throw .tooLarge }
        }
        defer { buffer = Data() }
        return buffer
    }

    private mutating func fill() throws(ReadError) {
        guard let chunk = socket.receive() else { throw .closedEarly }
        buffer.append(chunk)
    }
}
