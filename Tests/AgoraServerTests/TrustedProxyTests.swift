import AgoraHTTPServing
import AgoraServer
import Foundation
import Testing

/// agora-web proxies many visitors from 127.0.0.1: only when the peer is a trusted proxy does
/// its forwarding header name the client that login limits count, so each visitor has limits
/// of their own, and a client that connects directly cannot pick an address.
@Suite("Security: forwarding headers name the client only from a trusted proxy")
struct TrustedProxyTests {
    static let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#
    static let wrong = #"{"email":"alice@agora.example","password":"guess"}"#

    static func trusting(_ proxies: String..., header: ForwardingHeader = .xForwardedFor) -> (inout AgoraServerConfiguration) -> Void {
        {
            $0.trustedProxies = proxies
            $0.forwardedHeader = header
        }
    }

    /// The forwarding header `header` naming `hops` (client first), as a proxy writes it.
    static func forwarding(_ hops: String, in header: ForwardingHeader) -> [String: String] {
        switch header {
        case .xForwardedFor: ["X-Forwarded-For": hops]
        // RFC 7239 writes an IPv6 address in brackets, in quotes.
        case .forwarded: ["Forwarded": hops.split(separator: ", ").map { $0.contains(":") ? "for=\"[\($0)]\"" : "for=\($0)" }.joined(separator: ", ")]
        }
    }

    static func login(_ server: TestServer, _ body: String, headers: [String: String]) async throws -> Int {
        try await server.client.send("POST", "/v1/sessions", body: body, headers: headers).status
    }

    @Test("given no trusted proxy, when 11 wrong passwords for alice each claim another X-Forwarded-For, then the 11th still gets 429: the peer is counted")
    func untrustedHeadersIgnored() async throws {
        try await TestServer.with { server in
            var statuses: [Int] = []
            for index in 1...11 {
                statuses.append(try await Self.login(server, Self.wrong, headers: ["X-Forwarded-For": "10.0.0.\(index)"]))
            }

            #expect(statuses == Array(repeating: 401, count: 10) + [429])
        }
    }

    @Test(
        "given 127.0.0.1 trusted, when 10 wrong passwords for alice come from 10.0.0.1 through it, then her right password from 10.0.0.2 logs in and 10.0.0.1 gets 429"
    )
    func trustedProxyForwardsTheClient() async throws {
        try await TestServer.with(Self.trusting("127.0.0.1")) { server in
            var statuses: [Int] = []
            for _ in 1...10 {
                statuses.append(try await Self.login(server, Self.wrong, headers: ["X-Forwarded-For": "10.0.0.1"]))
            }
            let owner = try await Self.login(server, Self.right, headers: ["X-Forwarded-For": "10.0.0.2"])
            let stranger = try await Self.login(server, Self.wrong, headers: ["X-Forwarded-For": "10.0.0.1"])

            #expect(statuses == Array(repeating: 401, count: 10))
            #expect(owner == 201)
            #expect(stranger == 429)
        }
    }

    @Test(
        "given 127.0.0.1 and nginx at 10.0.0.254 trusted, when failures come through both, then the visitor named left of nginx is counted, in the header the proxies write",
        arguments: ForwardingHeader.allCases
    )
    func chainThroughTwoProxies(header: ForwardingHeader) async throws {
        try await TestServer.with(Self.trusting("127.0.0.1", "10.0.0.254", header: header)) { server in
            for _ in 1...10 {
                #expect(try await Self.login(server, Self.wrong, headers: Self.forwarding("192.0.2.66, 203.0.113.9, 10.0.0.254", in: header)) == 401)
            }
            let sameVisitor = try await Self.login(server, Self.right, headers: Self.forwarding("203.0.113.9, 10.0.0.254", in: header))
            let otherVisitor = try await Self.login(server, Self.right, headers: Self.forwarding("2001:db8::7, 10.0.0.254", in: header))

            #expect(sameVisitor == 429)
            #expect(otherVisitor == 201)
        }
    }

    @Test(
        "given Forwarded read (RFC 7239), when a hop has a port, a quoted IPv6 address and other parameters, then the address is what counts"
    )
    func forwardedParameters() async throws {
        try await TestServer.with(Self.trusting("127.0.0.1", "10.0.0.254", header: .forwarded)) { server in
            for _ in 1...10 {
                #expect(try await Self.login(server, Self.wrong, headers: ["Forwarded": #"for=203.0.113.9;proto=https, for="10.0.0.254:8443""#]) == 401)
            }
            let sameVisitor = try await Self.login(server, Self.right, headers: ["Forwarded": "for=203.0.113.9, for=10.0.0.254"])
            let otherVisitor = try await Self.login(server, Self.right, headers: ["Forwarded": #"for="[2001:db8::7]:4711", for=10.0.0.254"#])

            #expect(sameVisitor == 429)
            #expect(otherVisitor == 201)
        }
    }

    @Test(
        "given 127.0.0.1 trusted and X-Forwarded-For read, when 10 failures name 10.0.0.1 there and 192.0.2.200 in a Forwarded of their own, then 10.0.0.1 is held and 192.0.2.200 logs in"
    )
    func theOtherHeaderIsNeverRead() async throws {
        try await TestServer.with(Self.trusting("127.0.0.1")) { server in
            for _ in 1...10 {
                #expect(try await Self.login(server, Self.wrong, headers: ["X-Forwarded-For": "10.0.0.1", "Forwarded": "for=192.0.2.200"]) == 401)
            }
            let named = try await Self.login(server, Self.right, headers: ["X-Forwarded-For": "10.0.0.1"])
            let claimed = try await Self.login(server, Self.right, headers: ["X-Forwarded-For": "192.0.2.200"])

            #expect(named == 429)
            #expect(claimed == 201)
        }
    }

    @Test(
        "given 127.0.0.1 trusted, when the forwarded hop is not an address (garbage, unknown, an obfuscated name), then the peer is counted: 10 failures so named lock out the proxy's own address",
        arguments: [
            (ForwardingHeader.xForwardedFor, ["X-Forwarded-For": "not-an-address"]), (.xForwardedFor, ["X-Forwarded-For": "10.0.0.1, unknown"]),
            (.forwarded, ["Forwarded": "for=_hidden"]), (.forwarded, ["Forwarded": "for=\"10.0.0.1"]),
        ]
    )
    func garbageFallsBackToThePeer(header: ForwardingHeader, headers: [String: String]) async throws {
        try await TestServer.with(Self.trusting("127.0.0.1", header: header)) { server in
            for _ in 1...10 {
                #expect(try await Self.login(server, Self.wrong, headers: headers) == 401)
            }
            let fromProxyItself = try await Self.login(server, Self.right, headers: [:])
            let fromTheNamedAddress = try await Self.login(server, Self.right, headers: Self.forwarding("10.0.0.1", in: header))

            #expect(fromProxyItself == 429)
            #expect(fromTheNamedAddress == 201)
        }
    }

    @Test("given 127.0.0.1 trusted, when a peer that is not trusted sends X-Forwarded-For, then it is ignored: that peer is counted")
    func otherPeersCannotForward() async throws {
        try await TestServer.with(Self.trusting("127.0.0.1")) { server in
            var statuses: [Int] = []
            for index in 1...11 {
                let answer = try await RawConnection.exchange(
                    port: server.running.port,
                    "POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.0.0.\(index)\r\n",
                    body: Self.wrong, from: "127.0.0.2"
                )
                statuses.append(RawLogin.status(of: answer))
            }

            #expect(statuses == Array(repeating: 401, count: 10) + [429])
        }
    }

    @Test("given 127.0.0.1 trusted, when a request comes through it, then its log line names the forwarded client")
    func requestLogNamesTheClient() async throws {
        let log = CapturedLog()
        try await TestServer.with(
            {
                $0.trustedProxies = ["127.0.0.1"]
                $0.logLevel = .info
            }, logger: log.logger()
        ) { server in
            _ = try await server.client.send("GET", "/health", headers: ["X-Forwarded-For": "198.51.100.23"])
            let lines = log.all.filter { $0.contains("GET /health 200") }

            #expect(lines.count == 1)
            #expect(lines.first?.contains("198.51.100.23") == true, "\(lines)")
        }
    }
}
