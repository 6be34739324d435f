import AgoraAPI
import AgoraChildProcess
import AgoraLive
import AgoraModels
import AgoraServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// Live mode hears of an event's changes over agora-server's stream, and opens it again after a
/// drop, asking for what it missed.
@Suite("Live service: following an event's changes")
struct LiveEventChangesTests {
    @Test("given a real agora-server and a follower of event 2, when a member posts, RSVPs and deletes, then the follower hears each, in order")
    func followsARealServer() async throws {
        var configuration = AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical)
        // A stream whose client went is seen to end at its next heartbeat.
        configuration.changeStreamHeartbeat = .milliseconds(100)
        let server = try await AgoraServer.start(configuration)
        do {
            try await Self.follow(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func follow(_ server: RunningAgoraServer) async throws {
        let service = LiveService(baseURL: server.baseURL, timeout: Hang.bound)
        guard case .loggedIn(let alice) = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")) else {
            throw ServiceError.invalidCredentials
        }
        let changes = HeardChanges(LiveEventChanges(baseURL: server.baseURL).changes(of: 2))
        try await waitForOpenStreams(1, on: server.baseURL)
        let going = !(try await service.fetchEvent(id: 2, viewer: alice.token)).isGoing

        // Each heard before the next is made: the server reads what a change is about when it
        // sends it, and a comment deleted by then is told only as deleted.
        // Opened from now, the stream first says what came before it may have been missed.
        #expect(await changes.first(1) == [.missedSome])
        let comment = try await service.postComment(CommentDraft(eventID: 2, body: "Who brings the maps?"), token: alice.token)
        var commented = try await service.fetchEvent(id: 2)
        #expect(await changes.first(3).suffix(2) == [.commentPosted(comment), .eventChanged(commented)], "the comment, then the event's new count")
        var event = try await service.rsvp(eventID: 2, going: going, token: alice.token)
        event.isGoing = false
        #expect(await changes.first(4).last == .eventChanged(event), "the event as a stranger sees it")
        try await service.deleteComment(id: comment.id, token: alice.token)
        commented = try await service.fetchEvent(id: 2)
        #expect(await changes.first(6).suffix(2) == [.commentDeleted(comment.id), .eventChanged(commented)])

        // Let go of, the stream ends its connection: the server counts none.
        changes.stop()
        try await waitForOpenStreams(0, on: server.baseURL)
    }

    @Test(
        "given a stream that drops after change 5, when the client connects again, then it asks for what came after 5 and hears change 6; a reset says changes were missed, and so does a stream opened from now"
    )
    func resumesAfterADrop() async throws {
        let comment = { @Sendable (id: Int) in
            #"{"id":\#(id),"eventID":2,"author":{"id":1,"name":"Alice"},"body":"c\#(id)","createdAt":"2030-01-01T10:00:00Z"}"#
        }
        let server = try LoopbackHTTPServer(maxConnections: 3) { connection in
            guard let head = connection.readRequest() else { return }
            let stream = Reply.head(status: 200, headers: ["Content-Type: text/event-stream"])
            if !head.contains("Last-Event-ID") {
                _ = connection.write(stream + ": heartbeat\n\nid: 5\nevent: comment\ndata: \(comment(5))\n\n")
            } else if head.contains("Last-Event-ID: 5") {
                _ = connection.write(stream + "id: 6\r\nevent: comment\r\ndata: \(comment(6))\r\n\r\n")
            } else {
                _ = connection.write(stream + "event: reset\ndata: {}\n\n")
            }
            connection.close()
        }
        defer { server.stop() }
        let changes = LiveEventChanges(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, retryDelay: .milliseconds(10))

        let following = HeardChanges(changes.changes(of: 2))
        let heard = await following.first(4)
        following.stop()

        #expect(heard.map(\.commentID) == [nil, 5, 6, nil])
        #expect(heard.first == .missedSome, "opened with nothing to resume from: what came before may have been missed")
        #expect(heard.last == .missedSome, "the reset")
        #expect(server.requestHeads.first?.contains("GET /v1/events/2/changes ") == true)
        #expect(server.requestHeads.first?.contains("Accept: text/event-stream") == true)
    }

    @Test("given a server that answers 404 (an event that is gone), when a client follows it, then its stream ends without trying again")
    func aRefusalEndsFollowing() async throws {
        let server = try LoopbackHTTPServer(maxConnections: 4) { connection in
            _ = connection.readRequest()
            _ = connection.write(Reply.empty(status: 404))
            connection.close()
        }
        defer { server.stop() }
        let changes = LiveEventChanges(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, retryDelay: .milliseconds(10))

        let following = HeardChanges(changes.changes(of: 9))

        #expect(await following.untilFinished().isEmpty)
        #expect(server.connections.count == 1)
    }

    /// Waits until `/metrics` counts `count` open change streams.
    static func waitForOpenStreams(_ count: Int, on baseURL: URL) async throws {
        let transport = LiveTransport(timeout: Hang.bound)
        let deadline = ContinuousClock.now + Hang.bound
        while ContinuousClock.now < deadline {
            let (_, body) = try await transport.send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/metrics"), body: nil, baseURL: baseURL, operationID: "metrics")
            let text = try await String(collecting: body ?? HTTPBody(), upTo: 1 << 20)
            let line = text.split(separator: "\n").first { $0.hasPrefix("agora_changes_open_streams ") }
            if line.flatMap({ Double($0.split(separator: " ").last ?? "") }) == Double(count) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("agora-server never had \(count) open change streams")
    }
}

extension EventChange {
    fileprivate var commentID: Int? {
        if case .commentPosted(let comment) = self { comment.id } else { nil }
    }
}
