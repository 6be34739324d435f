import AgoraServer
import Foundation
import Testing

/// A stream of changes is written from its connection's event loop once its request has gone
/// through the middleware and the routes, whatever came before it on the connection; over real
/// HTTP on 127.0.0.1.
@Suite("Event stream connections: a stream on a connection of its own or after other requests, ended with its client")
struct EventStreamConnectionTests {
    static func request(_ path: String, accept: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: \(accept)\r\n\r\n"
    }

    /// What `connection` receives until `text` has come; `nil` when it closed or a hang passed first.
    static func received(_ connection: RawConnection, until text: String, after earlier: String = "") async -> String? {
        var received = earlier
        while !received.contains(text) {
            guard let bytes = await connection.receive() else { return nil }
            received += String(decoding: bytes, as: UTF8.self)
        }
        return received
    }

    @Test(
        "given a connection that asked for event 2, when it asks for event 2's changes next (after the answer, or pipelined with the request), then the event's answer comes whole first, then the stream, and a comment posted reaches the stream",
        arguments: [false, true])
    func aStreamAfterAnotherRequest(pipelined: Bool) async throws {
        try await TestServer.with { server in
            let connection = try RawConnection(port: server.running.port)
            let event = Self.request("/v1/events/2", accept: "application/json")
            let changes = Self.request("/v1/events/2/changes", accept: "text/event-stream")
            var received = ""
            if pipelined {
                #expect(connection.send(event + changes))
            } else {
                #expect(connection.send(event))
                received = try #require(await Self.received(connection, until: "\"id\":2"), "the event's answer")
                #expect(connection.send(changes))
            }
            received = try #require(await Self.received(connection, until: ": following event 2", after: received), "the stream's start")

            let answers = received.components(separatedBy: "HTTP/1.1 ")
            #expect(answers.count == 3, "two answers: \(received.prefix(600))")
            #expect(answers[1].hasPrefix("200") && answers[1].contains("application/json") && answers[1].contains("\"id\":2"), "the event, whole, first")
            #expect(answers[2].hasPrefix("200") && answers[2].lowercased().contains("content-type: text/event-stream"), "then the stream")
            #expect(!answers[2].lowercased().contains("content-length"), "a stream has no length")

            let alice = try await server.login(Demo.alice)
            #expect(try await server.client.post("/v1/events/2/comments", #"{"body":"After a read"}"#, token: alice).status == 201)
            #expect(await Self.received(connection, until: "After a read") != nil, "the comment reached the stream")
        }
    }

    @Test(
        "given a stream whose heartbeat is a minute away, when its client goes, then the server lets go of the stream at once (no connection left half closed until the next write)"
    )
    func aStreamEndsWhenItsClientGoes() async throws {
        try await TestServer.with({ $0.changeStreamHeartbeat = .seconds(60) }) { server in
            let stream = try EventStream(port: server.running.port, eventID: 2)
            #expect(await stream.block(containing: ": following event 2") != nil)
            #expect(try await EventChangesTests.openStreams(server) == 1)

            stream.close()
            var open = -1
            for _ in 0..<50 where open != 0 {
                open = try await EventChangesTests.openStreams(server)
                if open != 0 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(open == 0, "the stream outlived its client")
        }
    }

    @Test("given a request for the changes of an event that does not exist, then 404 says Connection: close, and the connection closes after it")
    func aRefusedStreamClosesItsConnection() async throws {
        try await TestServer.with { server in
            let connection = try RawConnection(port: server.running.port)
            #expect(connection.send(Self.request("/v1/events/999/changes", accept: "text/event-stream")))
            let (answer, closed) = await connection.readToClose()
            #expect(answer.hasPrefix("HTTP/1.1 404"), "\(answer.prefix(300))")
            #expect(answer.lowercased().contains("connection: close"))
            #expect(answer.contains("There is no event 999."))
            #expect(closed)
        }
    }
}
