import AgoraHTTPServing
import AgoraServer
import Foundation
import Testing

/// Peers that send slowly or never finish must not hold the server: half-sent heads are closed
/// at the idle timeout, trickling bodies are answered 408 at the body timeout, and the
/// connection cap keeps the process below its descriptor limit, closing idle connections first
/// when it is reached. Every run here is bounded: at
/// most 60 connections, on loopback, for a few seconds.
@Suite("Security: slow peers (slowloris) on loopback")
struct SlowPeerTests {
    static func limits(idle: Duration = .seconds(30), body: Duration = .seconds(30), connections: Int = 512) -> (inout AgoraServerConfiguration) -> Void {
        { $0.connectionLimits = ConnectionLimits(idleTimeout: idle, bodyTimeout: body, maxConnections: connections) }
    }

    @Test(
        "given an idle timeout of 1 s, when 50 peers send half a request head and stop, then every connection is closed (the other limits are an hour), and /health answers meanwhile"
    )
    func halfSentHeads() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(1), body: .seconds(3_600))) { server in
            let peers = try (1...50).map { _ in try RawConnection(port: server.running.port) }
            for peer in peers {
                #expect(peer.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "))
            }

            #expect(try await server.client.get("/health").status == 200)
            // Alone, all 50 close about 1 s after they stop; nothing but the idle timeout closes
            // one before the hang bound.
            var closed = 0
            for peer in peers where await peer.isClosed() { closed += 1 }
            #expect(closed == 50)
        }
    }

    @Test("given a body timeout of 1 s, when a body trickles in one byte every 100 ms, then 408 before the body is complete and the server keeps serving")
    func tricklingBody() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(3_600), body: .seconds(1))) { server in
            let peer = try RawConnection(port: server.running.port)
            // Long enough that its trickle (a byte every 100 ms, over 3 minutes) outlasts the hang
            // bound: however late the server's timer runs, the body cannot be complete first.
            let body = #"{"email":"alice@agora.example","password":""# + String(repeating: "x", count: 2_000) + #""}"#
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

    @Test(
        "given a cap of 4 connections held by idle peers and an idle timeout of an hour, when a fifth connects, then it is served and the peer idle the longest is closed to make room"
    )
    func connectionCapClosesIdlest() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(3_600), connections: 4)) { server in
            var holders: [RawConnection] = []
            for _ in 1...4 {
                holders.append(try RawConnection(port: server.running.port))
                // Apart, so "idle the longest" has one answer: the first.
                try await Task.sleep(for: .milliseconds(50))
            }

            // With an idle timeout of an hour, only the cap making room can serve it.
            let newcomer = try RawConnection(port: server.running.port)
            newcomer.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let answer = await newcomer.readUntilClosed()

            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(120))")
            #expect(await holders[0].isClosed())
        }
    }

    @Test(
        "given a cap of 4 connections, 4 of them kept alive between requests, when a fifth connects, then it is served, not left to the idle timeout (an hour)"
    )
    func keptAliveConnectionsMakeRoom() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(3_600), connections: 4)) { server in
            var holders: [RawConnection] = []
            for _ in 1...4 {
                let holder = try RawConnection(port: server.running.port)
                holder.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                holders.append(holder)
            }
            // Room for their answers; one still busy then is answered later, and its answer at
            // the cap makes room just the same.
            try await Task.sleep(for: .milliseconds(300))

            let answer = try await RawConnection.exchange(port: server.running.port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")

            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(120))")
            #expect(holders.count == 4)
        }
    }

    @Test("given a cap of 2 connections both busy with a body still arriving, then a third waits unanswered while they are busy")
    func busyConnectionsAreNotClosed() async throws {
        try await TestServer.with(Self.limits(idle: .seconds(30), body: .seconds(30), connections: 2)) { server in
            // One at a time, with time for the server to read the first head (however busy the
            // machine: the whole suite runs beside it, and 3 s once fell short) before the second
            // connects: the connection that reaches the cap closes the connection idle the
            // longest, and the first is idle until its head is read. Nothing outside the server
            // tells when it has read it: at the cap, no further connection may ask.
            var busy: [RawConnection] = []
            for _ in 1...2 {
                let connection = try RawConnection(port: server.running.port)
                connection.send("POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{")
                busy.append(connection)
                try await Task.sleep(for: .seconds(5))
            }

            let waiting = try RawConnection(port: server.running.port)
            waiting.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")

            #expect(await waiting.readUntilClosed(timeout: .milliseconds(500)).isEmpty)
            for connection in busy {
                #expect(await !connection.isClosed(within: .milliseconds(50)))
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
