import Foundation
import Testing

/// Requests whose framing is broken are the client's error, and a connection the client did not
/// ask to keep is closed once it is answered.
@Suite("Security: malformed HTTP framing is a 400, and connections not kept alive are closed")
struct HTTPFramingTests {
    static let login = "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"

    @Test(
        "given a chunked body whose framing is broken, then 400 invalid_request with Connection: close, no error-level log line, and the server keeps serving",
        arguments: [
            ("Transfer-Encoding: chunked\r\n", "fffffffffffffffff\r\n{}\r\n0\r\n\r\n"),
            ("Transfer-Encoding: chunked\r\n", "-5\r\n{}\r\n0\r\n\r\n"),
        ]
    )
    func brokenChunks(header: String, body: String) async throws {
        let log = CapturedLog()
        try await TestServer.with({ $0.logLevel = .info }, logger: log.logger()) { server in
            let connection = try RawConnection(port: server.running.port)
            connection.send(Self.login + header + "\r\n" + body)
            let answer = await connection.readUntilClosed()

            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
            #expect(answer.lowercased().contains("connection: close"), "\(answer.prefix(300))")
            #expect(!answer.contains("HTTP/1.1 500"))
            #expect(try await server.client.get("/health").status == 200)
            // Read before the server stops: stopping it logs its own lines.
            let errors = log.all.filter { $0.hasPrefix("error") || $0.hasPrefix("critical") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test("given an HTTP/1.0 request without keep-alive, then it is answered and the connection closed, not left to the idle timeout (an hour)")
    func http10Closes() async throws {
        try await TestServer.with(SlowPeerTests.limits(idle: .seconds(3_600))) { server in
            let connection = try RawConnection(port: server.running.port)
            connection.send("GET /health HTTP/1.0\r\n\r\n")
            let (answer, closed) = await connection.readToClose()

            #expect(answer.hasPrefix("HTTP/1.1 200") || answer.hasPrefix("HTTP/1.0 200"), "\(answer.prefix(120))")
            #expect(answer.contains(#"{"status":"ok"}"#))
            #expect(closed, "the connection was left open")
        }
    }

    @Test("given an HTTP/1.0 request with keep-alive, or an HTTP/1.1 one, then the connection stays open for a second request")
    func keptAliveStaysOpen() async throws {
        for head in ["GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"] {
            // Only the second request's Connection: close can end it before the hang bound.
            try await TestServer.with(SlowPeerTests.limits(idle: .seconds(3_600))) { server in
                let connection = try RawConnection(port: server.running.port)
                connection.send(head)

                #expect(await !connection.isClosed(within: .milliseconds(500)), "\(head)")
                #expect(connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
                #expect(await connection.isClosed())
            }
        }
    }

    @Test("given HEAD /health, then 200 with no body")
    func headHealth() async throws {
        try await TestServer.with { server in
            let response = try await server.client.send("HEAD", "/health")

            #expect(response.status == 200)
            #expect(response.data.isEmpty)
        }
    }
}
