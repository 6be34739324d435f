import AgoraContract
import AgoraServer
import Foundation
import Testing

/// `GET /v1/me/changes`: what concerns one member alone (their answers, their feed), as it
/// happens, whichever device it happened through; the stream ends with its session. Over real
/// HTTP on 127.0.0.1.
@Suite("A member's changes: their answers and their feed, as they happen, ended with their session")
struct MemberChangesTests {
    @Test(
        "given Alice's stream, when she answers from another device, Frank goes to and leaves an event she hosts, and comments on one she goes to and deletes it, then her stream says each, in order, as she sees it, and Frank's own stream says only his answers",
        arguments: StoreKind.all)
    func followsWhatConcernsTheMember(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let phone = try await server.login(Demo.alice)
            let frank = try await server.login(Demo.frank)
            let events = try await Events(server, alice: alice)
            let stream = try EventStream(port: server.running.port, path: "/v1/me/changes", token: alice)
            #expect(await stream.block(containing: ": following member \(events.aliceID)") != nil)
            let franks = try EventStream(port: server.running.port, path: "/v1/me/changes", token: frank)
            #expect(await franks.block(containing: ": following member") != nil)

            // Her answer, from her phone.
            _ = try await server.client.send("PUT", "/v1/events/\(events.notGoing)/rsvp", body: #"{"going":true}"#, token: phone)
            let answered = try await Self.decoded(Components.Schemas.Event.self, stream.block(containing: "event: rsvp"))
            #expect(answered?.id == events.notGoing && answered?.isGoing == true, "the event as she sees it")

            // A guest at her event, then not.
            _ = try await server.client.send("PUT", "/v1/events/\(events.hosted)/rsvp", body: #"{"going":true}"#, token: frank)
            let guest = try #require(try await Self.decoded(Components.Schemas.Activity.self, stream.block(containing: "event: activity\n")))
            #expect(guest.kind == .rsvped && guest.eventID == events.hosted && guest.actor?.name.hasPrefix("Frank") == true, "\(guest)")
            _ = try await server.client.send("PUT", "/v1/events/\(events.hosted)/rsvp", body: #"{"going":false}"#, token: frank)
            let left = await stream.block(containing: "event: activity-deleted")
            #expect(left.flatMap(EventStream.data(of:)).map { String(decoding: $0, as: UTF8.self) } == #"{"id":\#(guest.id)}"#)

            // A comment at an event she goes to, then deleted.
            _ = try await server.client.send("PUT", "/v1/events/\(events.going)/rsvp", body: #"{"going":true}"#, token: frank)
            let posted = try await server.client.post("/v1/events/\(events.going)/comments", #"{"body":"See you there"}"#, token: frank)
                .decode(Components.Schemas.Comment.self)
            let commented = try #require(try await Self.decoded(Components.Schemas.Activity.self, stream.block(containing: "event: activity\n")))
            #expect(commented.kind == .commented && commented.commentID == posted.id && commented.excerpt == "See you there", "\(commented)")
            #expect(try await server.client.send("DELETE", "/v1/comments/\(posted.id)", token: frank).status == 204)
            let gone = await stream.block(containing: "event: activity-deleted")
            #expect(gone.flatMap(EventStream.data(of:)).map { String(decoding: $0, as: UTF8.self) } == #"{"id":\#(commented.id)}"#)

            // Frank's stream has his three answers and nothing else: Alice's feed entries came
            // before his last answer, and none came to him.
            var franksEvents: [String] = []
            while franksEvents.count < 3, let block = await franks.block(containing: "event: ") {
                let event = try? Self.decoded(Components.Schemas.Event.self, block)
                franksEvents.append(block.contains("event: rsvp\n") ? "rsvp \(event?.id ?? 0)" : block)
            }
            #expect(franksEvents == ["rsvp \(events.hosted)", "rsvp \(events.hosted)", "rsvp \(events.going)"])
        }
    }

    @Test(
        "given a member's stream that received their answer and closed, when it reconnects with Last-Event-ID after two more, then it gets those two, in order, and nothing of another member's",
        arguments: StoreKind.all)
    func aReconnectedStreamGetsWhatItMissed(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let frank = try await server.login(Demo.frank)
            let events = try await Events(server, alice: alice)
            let first = try EventStream(port: server.running.port, path: "/v1/me/changes", token: alice)
            #expect(await first.block(containing: ": following member") != nil)
            _ = try await server.client.send("PUT", "/v1/events/\(events.notGoing)/rsvp", body: #"{"going":true}"#, token: alice)
            let lastID = try #require(await first.block(containing: "event: rsvp").flatMap(EventStream.id(of:)))
            first.close()

            _ = try await server.client.send("PUT", "/v1/events/\(events.notGoing)/rsvp", body: #"{"going":true}"#, token: frank)
            _ = try await server.client.send("PUT", "/v1/events/\(events.notGoing)/rsvp", body: #"{"going":false}"#, token: alice)
            _ = try await server.client.send("PUT", "/v1/events/\(events.hosted)/rsvp", body: #"{"going":true}"#, token: frank)

            let resumed = try EventStream(port: server.running.port, path: "/v1/me/changes", token: alice, lastEventID: String(lastID))
            let answer = try await Self.decoded(Components.Schemas.Event.self, resumed.block(containing: "event: "))
            #expect(answer?.id == events.notGoing && answer?.isGoing == false, "her second answer first, not Frank's")
            let guest = try await Self.decoded(Components.Schemas.Activity.self, resumed.block(containing: "event: "))
            #expect(guest?.kind == .rsvped && guest?.eventID == events.hosted, "then Frank at her event")
        }
    }

    @Test("given no token, a token that is not a session's, or one that has expired, then 401 in one line, and no stream")
    func refusals() async throws {
        try await TestServer.with({ $0.tokenLifetime = .seconds(60) }) { server in
            let expiring = try await server.login(Demo.alice)
            server.clock.advance(by: 61)
            let request = { (authorization: String) in
                try await RawConnection.exchange(
                    port: server.running.port, "GET /v1/me/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(authorization)")
            }

            for (what, authorization) in [
                ("none", ""), ("unknown", "Authorization: Bearer not-a-session\r\n"), ("expired", "Authorization: Bearer \(expiring)\r\n"),
            ] {
                let answer = try await request(authorization)
                #expect(answer.hasPrefix("HTTP/1.1 401"), "\(what): \(answer.prefix(300))")
                #expect(!answer.contains("following"), "\(what)")
            }
        }
    }

    @Test(
        "given two sessions of Alice's, each with a stream, when one logs out, then its stream says it ended and ends, and the other's goes on; when the other expires, then its stream ends too",
        arguments: StoreKind.all)
    func aStreamEndsWithItsSession(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.tokenLifetime = .seconds(600) }) { server in
            let laptop = try await server.login(Demo.alice)
            let phone = try await server.login(Demo.alice)
            let events = try await Events(server, alice: laptop)
            let onLaptop = try EventStream(port: server.running.port, path: "/v1/me/changes", token: laptop)
            let onPhone = try EventStream(port: server.running.port, path: "/v1/me/changes", token: phone)
            #expect(await onLaptop.block(containing: ": following member") != nil)
            #expect(await onPhone.block(containing: ": following member") != nil)

            #expect(try await server.client.send("DELETE", "/v1/sessions/current", token: laptop).status == 204)
            #expect(await onLaptop.block(containing: "event: ended") != nil)
            #expect(await onLaptop.responseEnds(), "the logged-out session's stream ended")
            _ = try await server.client.send("PUT", "/v1/events/\(events.notGoing)/rsvp", body: #"{"going":true}"#, token: phone)
            #expect(await onPhone.block(containing: "event: rsvp") != nil, "the other session's stream goes on")

            server.clock.advance(by: 601)
            #expect(await onPhone.block(containing: "event: ended") != nil)
            #expect(await onPhone.responseEnds(), "the expired session's stream ended")
        }
    }

    @Test(
        "given an account that keeps two sessions, and a stream of its first, when it logs in twice more, then the first session's stream ends with it, and the newest session follows"
    )
    func aStreamEndsWhenItsSessionIsLetGo() async throws {
        try await TestServer.with({ $0.sessionsPerAccount = 2 }) { server in
            let first = try await server.login(Demo.alice)
            let stream = try EventStream(port: server.running.port, path: "/v1/me/changes", token: first)
            #expect(await stream.block(containing: ": following member") != nil)
            // A second apart: within one, the sessions kept may be any of them.
            server.clock.advance(by: 1)
            _ = try await server.login(Demo.alice)
            server.clock.advance(by: 1)
            let newest = try await server.login(Demo.alice)

            #expect(await stream.block(containing: "event: ended") != nil)
            #expect(await stream.responseEnds())
            let again = try EventStream(port: server.running.port, path: "/v1/me/changes", token: newest)
            #expect(await again.block(containing: ": following member") != nil)
        }
    }

    /// The value in the `data:` of `block`.
    private static func decoded<Value: Decodable>(_ type: Value.Type, _ block: String?) throws -> Value? {
        try block.flatMap(EventStream.data(of:)).map { try JSONDecoder.api.decode(type, from: $0) }
    }
}

/// Three events as Alice sees them: one she hosts, one she goes to and one she does not.
private struct Events {
    let aliceID: Int64
    let hosted: Int64
    let going: Int64
    let notGoing: Int64

    init(_ server: TestServer, alice: String) async throws {
        let id = try await server.client.get("/v1/me", token: alice).decode(Components.Schemas.User.self).id
        let events = try await server.client.get("/v1/events?limit=50", token: alice).decode(Components.Schemas.EventsPage.self).items
        aliceID = id
        hosted = try #require(events.first { $0.hostID == id }?.id, "an event Alice hosts")
        going = try #require(events.first { $0.isGoing && $0.hostID != id }?.id, "an event Alice goes to")
        notGoing = try #require(events.first { !$0.isGoing }?.id, "an event Alice does not go to")
    }
}
