import Foundation
import Testing

/// What a hostile client puts in a request's target and framing is the client's error, answered
/// with one line that says what would be right, never a 500 or an error in the log.
@Suite("Security: broken percent-encoding, unsupported transfer codings and stalled bodies are refused with one line")
struct RequestFramingHardeningTests {
    @Test(
        "given a query whose percent-encoding is broken or not UTF-8, then 400 naming the query, and no error-level log line",
        arguments: ["/v1/events?%", "/v1/events?%ZZ", "/v1/events?limit=%FF", "/health?%2"]
    )
    func brokenQuery(target: String) async throws {
        let log = CapturedLog()
        try await TestServer.with({ $0.logLevel = .info }, logger: log.logger()) { server in
            let answer = try await RawConnection.exchange(port: server.running.port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            #expect(answer.contains(#""field":"query""#), "\(answer)")
            #expect(answer.split(separator: "\r\n\r\n").last?.contains("\n") == false)
            let errors = log.all.filter { $0.hasPrefix("error") || $0.hasPrefix("critical") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test(
        "given a Transfer-Encoding other than chunked alone, or one on HTTP/1.0, then the status that names it, one plain line, and the connection closed",
        arguments: [
            ("HTTP/1.1", "Host: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n", 501, "gzip"),
            ("HTTP/1.1", "Host: 127.0.0.1\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n", 501, "gzip"),
            ("HTTP/1.1", "Host: 127.0.0.1\r\nTransfer-Encoding: xchunked\r\n", 501, "xchunked"),
            ("HTTP/1.0", "Transfer-Encoding: chunked\r\n", 400, "HTTP/1.0"),
        ]
    )
    func transferEncoding(version: String, headers: String, status: Int, named: String) async throws {
        try await TestServer.with { server in
            let connection = try RawConnection(port: server.running.port)
            connection.send("POST /v1/sessions \(version)\r\n\(headers)Content-Type: application/json\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
            let answer = await connection.readUntilClosed()

            #expect(RawLogin.status(of: answer) == status, "\(answer.prefix(200))")
            #expect(answer.contains(named), "\(answer)")
            #expect(answer.lowercased().contains("connection: close"), "\(answer.prefix(300))")
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test("given an HTTP/1.1 request without Host, then 400 with one line naming Host")
    func missingHost() async throws {
        try await TestServer.with { server in
            let answer = try await RawConnection.exchange(port: server.running.port, "GET /health HTTP/1.1\r\n")

            #expect(RawLogin.status(of: answer) == 400, "\(answer.prefix(200))")
            #expect(answer.contains("no Host header"), "\(answer)")
        }
    }

    @Test("given Transfer-Encoding: chunked alone, then the body is read as usual")
    func chunkedAlone() async throws {
        try await TestServer.with { server in
            let body = #"{"email":"alice@agora.example","password":"agora-demo"}"#
            let head =
                "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n"
            let connection = try RawConnection(port: server.running.port)
            connection.send(head + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")

            #expect(RawLogin.status(of: await connection.readUntilClosed()) == 201)
        }
    }

    @Test(
        "given a body timeout of 2 s and an idle timeout of an hour, when a body stops arriving halfway, then 408 with Connection: close, and the connection closes"
    )
    func stalledBody() async throws {
        try await TestServer.with(SlowPeerTests.limits(idle: .seconds(3_600), body: .seconds(2))) { server in
            let connection = try RawConnection(port: server.running.port)
            connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{\"email\":")
            let (answer, closed) = await connection.readToClose()

            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(200))")
            #expect(answer.contains("request_timeout"))
            #expect(answer.lowercased().contains("connection: close"))
            #expect(closed, "the connection was left open after the 408")
        }
    }

    @Test(
        "given a body that trickles past the body timeout, when the 408 says Connection: close, then the connection is closed, not left to the idle timeout (an hour)"
    )
    func closeAfterRefusal() async throws {
        try await TestServer.with(SlowPeerTests.limits(idle: .seconds(3_600), body: .seconds(1))) { server in
            let connection = try RawConnection(port: server.running.port)
            connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{")
            try await Task.sleep(for: .milliseconds(1_300))
            connection.send("\"")

            // Only the 408's Connection: close can end it before the hang bound.
            let (answer, closed) = await connection.readToClose()

            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(200))")
            #expect(answer.lowercased().contains("connection: close"))
            #expect(closed, "the connection was left open after the 408")
        }
    }
}
