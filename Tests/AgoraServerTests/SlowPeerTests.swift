import AgoraHTTPServing
import AgoraServer
import Foundation
import Testing

/// Peers that send slowly or never finish must not hold the server: half-sent heads are closed
/// at the idle timeout, trickling bodies are answered 408 at the body timeout, and the
/// connection cap keeps the process below its descriptor limit. Every run here is bounded: at
/// most 60 connections, on loopback, for a few seconds.
@Suite("Security: slow peers (slowloris) on loopback")
struct SlowPeerTests {
    static func limits(idle: Duration = .seconds(30), body: Duration = .seconds(30), connections: Int = 512) -> (inout AgoraServerConfiguration) -> Void {
        { $0.connectionLimits = ConnectionLimits(idleTimeout: idle, bodyTimeout: body, maxConnections: connections) }
    }

    @Test(
        "given an idle timeout of 1 s, when 50 peers send half a request head and stop, then every connection is closed within 10 s (the other limits are 30 s), and /health answers meanwhile"
    )
    func halfSentHeads() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(1))) { server in
            let peers = try (1...50).map { _ in try RawConnection(port: server.running.port) }
            for peer in peers {
                #expect(peer.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "))
            }

            #expect(try await server.client.get("/health").status == 200)
            // Alone, all 50 close about 1 s after they stop. With the whole suite on two cores,
            // 24 of 50 were closed 4 s after; nothing but the idle timeout closes one within 30 s.
            let deadline = ContinuousClock.now + .seconds(10)
            var closed = 0
            for peer in peers where await peer.isClosed(within: deadline - ContinuousClock.now) { closed += 1 }
            #expect(closed == 50)
        }
    }

    @Test("given a body timeout of 1 s, when a body trickles in one byte every 100 ms, then 408 before the body is complete and the server keeps serving")
    func tricklingBody() async throws {
        try await TestServer.with(Self.limits(body: .seconds(1))) { server in
            let peer = try RawConnection(port: server.running.port)
            let body = #"{"email":"alice@agora.example","password":"agora-demo"}"#
            #expect(peer.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"))

            var answer = ""
            for character in body {
                guard peer.send(String(character)) else { break }
                answer += await peer.readUntilClosed(timeout: .milliseconds(100))
                if answer.contains("\r\n\r\n") { break }
            }

            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(120))")
            #expect(answer.contains("request_timeout"))
            #expect(try await server.client.get("/health").status == 200)
        }
    }

    @Test("given a cap of 4 connections held by idle peers, then a fifth waits unanswered, and is served once the idle ones time out")
    func connectionCap() async throws {
        // An idle timeout of 3 s, ten times the 300 ms the fifth is watched for: the whole suite on
        // two cores can delay this test's own waits by a second or more (with 1 s, the idle ones
        // timed out before the window ended and the fifth was served in it).
        try await TestServer.with(Self.limits(idle: .seconds(3), connections: 4)) { server in
            let holders = try (1...4).map { _ in try RawConnection(port: server.running.port) }
            try await Task.sleep(for: .milliseconds(100))

            let waiting = try RawConnection(port: server.running.port)
            waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let whileHeld = await waiting.readUntilClosed(timeout: .milliseconds(300))
            let afterwards = await waiting.readUntilClosed(timeout: .seconds(8))

            #expect(whileHeld.isEmpty)
            #expect(afterwards.hasPrefix("HTTP/1.1 200"), "\(afterwards.prefix(120))")
            for holder in holders {
                #expect(await holder.isClosed(within: .seconds(2)))
            }
        }
    }

    @Test(
        "given a limit out of range, then the server refuses to start, naming the option",
        arguments: [
            (ConnectionLimits(idleTimeout: .zero), "idle-timeout"), (ConnectionLimits(bodyTimeout: .zero), "body-timeout"),
            (ConnectionLimits(maxConnections: 0), "max-connections"),
        ]
    )
    func limitsValidated(limits: ConnectionLimits, option: String) async throws {
        var configuration = AgoraServerConfiguration(port: 0)
        configuration.connectionLimits = limits

        await #expect(throws: ConfigurationError.self) { try await AgoraServer(configuration: configuration) }
        do {
            _ = try await AgoraServer(configuration: configuration)
        } catch let error as ConfigurationError {
            #expect(error.setting == option)
        }
    }
}
