import Foundation

/// What a server answered: the status, the headers in order, the body.
struct HTTPReply {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: String

    /// The first header named `name`, in any letter case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every `Set-Cookie` header.
    var setCookies: [String] {
        headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
    }

    /// The value of the page's hidden `csrf` field, if the page has a form.
    var csrfToken: String? {
        body.firstMatch(of: #/name="csrf" value="([0-9a-f]+)"/#).map { String($0.1) }
    }

    /// How many `<li data-row=…>` the page has.
    var rowCount: Int {
        body.matches(of: #/<li data-row="\d+"/#).count
    }

    /// Parses a whole response: status line, headers, and the body as sent (identity or chunked).
    init?(raw: String) {
        guard let split = raw.range(of: "\r\n\r\n") else { return nil }
        let lines = raw[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else { return nil }
        self.status = status
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let rest = String(raw[split.upperBound...])
        if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }) {
            body = Self.dechunked(rest)
        } else {
            body = rest
        }
    }

    private static func dechunked(_ text: String) -> String {
        var bytes = Substring(text).utf8[...]
        var body: [UInt8] = []
        while let lineEnd = bytes.firstRange(of: "\r\n".utf8) {
            guard let size = Int(String(decoding: bytes[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            let end = bytes.index(start, offsetBy: size, limitedBy: bytes.endIndex) ?? bytes.endIndex
            body += bytes[start..<end]
            bytes = bytes[end...].dropFirst(2)
        }
        return String(decoding: body, as: UTF8.self)
    }
}

/// A browser as the tests need one: it keeps its session cookie, sends forms with the page's
/// token, and follows a redirect only when asked.
final class Browser {
    let port: Int
    /// The loopback address it connects from (`127.0.1.2`: another visitor); the system's
    /// choice when `nil`.
    let address: String?
    /// The `agora_session` cookie's value, once the server set it; a test may plant one.
    var session: String?
    /// The `agora_device` cookie's value, once the server set it; a test may carry one over to
    /// another address (the same laptop on another network).
    var device: String?
    /// The csrf token of the last page read.
    private(set) var csrfToken: String?
    /// Header lines every request carries, as a proxy in front of the server adds them
    /// (`X-Forwarded-For`), or as a visitor writes them.
    var forwarding: [(name: String, value: String)] = []

    init(port: Int, from address: String? = nil) {
        self.port = port
        self.address = address
    }

    /// `GET path`.
    @discardableResult
    func get(_ path: String) async throws -> HTTPReply {
        try await exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headerLines)Connection: close\r\n\r\n")
    }

    /// Which `csrf` field a post sends.
    enum Token {
        /// The last page's, as a browser's form does.
        case fromPage
        /// None at all.
        case missing
        /// This one.
        case given(String)
    }

    /// `POST path` with `fields` form-encoded, and the token `csrf` says.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: Token = .fromPage) async throws -> HTTPReply {
        var all = fields
        switch csrf {
        case .missing: break
        case .fromPage: all.append(("csrf", csrfToken ?? ""))
        case .given(let token): all.append(("csrf", token))
        }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await exchange(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headerLines)Content-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    /// The page a redirect leads to.
    @discardableResult
    func follow(_ reply: HTTPReply) async throws -> HTTPReply {
        guard let location = reply.header("Location") else { throw BrowserError("no Location in a \(reply.status) reply") }
        // A browser keeps the fragment (`#row-20`) to itself: it names a place on the page.
        return try await get(String(location.prefix { $0 != "#" }))
    }

    /// Opens the server-sent events of `path` and returns what arrived once `until` holds (or
    /// the deadline passed), while `meanwhile` runs.
    func live(
        _ path: String, until done: @escaping (String) -> Bool, meanwhile: () async throws -> Void
    ) async throws -> (opening: String, afterwards: String) {
        let connection = try HTTPConnection(port: port, from: address)
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
        await connection.send("GET /_live?path=\(encoded) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headerLines)\r\n")
        // The stream is open once its first comment arrived.
        let opening = await connection.read { $0.contains(": following") }
        try await meanwhile()
        return (opening, await connection.read(until: done))
    }

    /// Opens the live stream of `path` and returns the connection once the stream's opening
    /// comment arrived, for the test to close when it likes.
    func openLive(_ path: String) async throws -> HTTPConnection {
        let connection = try HTTPConnection(port: port, from: address)
        await connection.send("GET /_live?path=\(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headerLines)\r\n")
        let opening = await connection.read { $0.contains(": following") }
        guard opening.contains(": following") else { throw BrowserError("the live stream of \(path) did not open: \(opening.prefix(200))") }
        return connection
    }

    /// The cookies, then ``forwarding``, as header lines.
    private var headerLines: String {
        let cookies = [session.map { "agora_session=\($0)" }, device.map { "agora_device=\($0)" }].compactMap { $0 }
        let cookieLine = cookies.isEmpty ? "" : "Cookie: \(cookies.joined(separator: "; "))\r\n"
        return cookieLine + forwarding.map { "\($0.name): \($0.value)\r\n" }.joined()
    }

    private func exchange(_ request: String) async throws -> HTTPReply {
        let connection = try HTTPConnection(port: port, from: address)
        await connection.send(request)
        guard let reply = HTTPReply(raw: await connection.read()) else { throw BrowserError("no complete HTTP reply") }
        for cookie in reply.setCookies {
            if let match = cookie.firstMatch(of: #/^agora_session=([^;]+)/#) { session = String(match.1) }
            if let match = cookie.firstMatch(of: #/^agora_device=([^;]+)/#) { device = String(match.1) }
        }
        if let token = reply.csrfToken { csrfToken = token }
        return reply
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
