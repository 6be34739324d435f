import Foundation
import Testing

/// DNS rebinding: a page on another site points its own name at 127.0.0.1 and has the browser
/// read the server's answers as its own. The browser still sends that name as `Host`, so the
/// server answers only the names it was started for.
@Suite("Security: only the Host names the server was started for are served (DNS rebinding)")
struct HostAllowListTests {
    /// The status line and body of `GET /health` sent with `hostLines` (each ending in CRLF).
    static func health(_ server: TestServer, _ hostLines: String, version: String = "HTTP/1.1") async throws -> String {
        try await RawConnection.exchange(port: server.running.port, "GET /health \(version)\r\n\(hostLines)")
    }

    @Test("given Host evil.example, then 421 with one plain line naming it and what is expected")
    func foreignHostRefused() async throws {
        try await TestServer.with { server in
            let answer = try await Self.health(server, "Host: evil.example\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 421"), "\(answer.prefix(200))")
            #expect(answer.lowercased().contains("content-type: text/plain"))
            #expect(
                answer.hasSuffix(
                    "\r\n\r\nHost 'evil.example' is not served here; expected 127.0.0.1, localhost or a name given with --allowed-host.\n"),
                "\(answer)")
        }
    }

    @Test(
        "given a Host the server was started for, in any letter case and with any port, then it is served",
        arguments: ["localhost:8080", "127.0.0.1", "LOCALHOST", "[::1]:9", "[0:0:0:0:0:0:0:1]", "127.0.0.1:"]
    )
    func ownNamesServed(host: String) async throws {
        try await TestServer.with { server in
            let answer = try await Self.health(server, "Host: \(host)\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(host): \(answer.prefix(200))")
        }
    }

    @Test(
        "given a Host that is not host[:port], then 421",
        arguments: ["localhost:http", "local host", "localhost/x", "user@localhost", "[::1", "[127.0.0.1]", "localhost:80:80"]
    )
    func malformedHostRefused(host: String) async throws {
        try await TestServer.with { server in
            let answer = try await Self.health(server, "Host: \(host)\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 421"), "\(host): \(answer.prefix(200))")
        }
    }

    @Test("given --allowed-host agora.example, then agora.example:443 is served and other names still are not")
    func allowedHostServed() async throws {
        try await TestServer.with({ $0.allowedHosts = ["agora.example"] }) { server in
            let allowed = try await Self.health(server, "Host: agora.example:443\r\n")
            let other = try await Self.health(server, "Host: www.agora.example\r\n")

            #expect(allowed.hasPrefix("HTTP/1.1 200"), "\(allowed.prefix(200))")
            #expect(other.hasPrefix("HTTP/1.1 421"), "\(other.prefix(200))")
        }
    }

    @Test("given a long Host, then the refusal names at most its first 100 characters")
    func longNameCut() async throws {
        try await TestServer.with { server in
            let name = String(repeating: "a", count: 300) + ".example"
            let answer = try await Self.health(server, "Host: \(name)\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 421"))
            #expect(answer.contains("Host '\(String(repeating: "a", count: 100))' is not served here"), "\(answer)")
        }
    }

    @Test("given an HTTP/1.1 request without Host, or with an empty one, then 400 with one plain line")
    func missingHostRefused() async throws {
        try await TestServer.with { server in
            for hostLines in ["", "Host: \r\n"] {
                let answer = try await Self.health(server, hostLines)

                #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
                #expect(answer.hasSuffix("The request has no Host header; HTTP/1.1 requires one, such as Host: 127.0.0.1.\n"), "\(answer)")
            }
        }
    }

    @Test("given two Host headers, then 400, even when both are allowed")
    func twoHostsRefused() async throws {
        try await TestServer.with { server in
            let answer = try await Self.health(server, "Host: 127.0.0.1\r\nHost: localhost\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
        }
    }

    @Test("given an HTTP/1.0 request without Host, then it is served: HTTP/1.0 needs none")
    func http10WithoutHostServed() async throws {
        try await TestServer.with { server in
            let answer = try await Self.health(server, "", version: "HTTP/1.0")

            #expect(answer.contains(" 200 "), "\(answer.prefix(200))")
        }
    }

    @Test(
        "given a target in absolute form, then its host is the one checked, whatever Host says: a foreign one gets 421, one of the server's is served",
        arguments: [
            ("http://evil.example/health", 421), ("http://user@evil.example:80/health", 421), ("HTTP://EVIL.EXAMPLE/health", 421),
            ("https://evil.example", 421), ("http://127.0.0.1:9/health", 200), ("http://localhost/health", 200),
            ("http://[::1]/health", 200),
        ]
    )
    func absoluteFormTargetIsChecked(target: String, status: Int) async throws {
        try await TestServer.with { server in
            let answer = try await RawConnection.exchange(port: server.running.port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(target): \(answer.prefix(300))")
        }
    }
}
