import AgoraContract
import Foundation
import Testing

/// A member's reads are kept for that member until the next write, like a stranger's are for
/// every stranger: the answer stays the member's own, and a token that stops working is never
/// answered from what was kept for it.
@Suite("Read cache for members: each member's own answer, until the next write or the token's end")
struct MemberReadCacheTests {
    @Test("given a member reading events twice, then both answers are the same bytes and ETag, with the member's own isGoing", arguments: StoreKind.all)
    func sameAnswerTwice(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let carol = try await server.login(Demo.carol)
            _ = try await server.client.put("/v1/events/3/rsvp", #"{"going":true}"#, token: carol)

            let first = try await server.client.get("/v1/events?limit=5", token: carol)
            let second = try await server.client.get("/v1/events?limit=5", token: carol)

            #expect(second.status == 200)
            #expect(second.text == first.text)
            #expect(second.headers["etag"] == first.headers["etag"])
            let going = try second.decode(Components.Schemas.EventsPage.self).items.filter(\.isGoing).map(\.id)
            #expect(going.contains(3))
        }
    }

    @Test("given two members and a stranger reading the same page, then none is given another's isGoing", arguments: StoreKind.all)
    func membersAreNotShared(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let carol = try await server.login(Demo.carol)
            let alice = try await server.login(Demo.alice)
            _ = try await server.client.put("/v1/events/3/rsvp", #"{"going":true}"#, token: carol)
            _ = try await server.client.put("/v1/events/3/rsvp", #"{"going":false}"#, token: alice)

            for _ in 0..<2 {
                let asCarol = try await server.client.get("/v1/events/3", token: carol).decode(Components.Schemas.Event.self)
                let asAlice = try await server.client.get("/v1/events/3", token: alice).decode(Components.Schemas.Event.self)
                let anonymous = try await server.client.get("/v1/events/3").decode(Components.Schemas.Event.self)
                #expect(asCarol.isGoing == true)
                #expect(asAlice.isGoing == false)
                #expect(anonymous.isGoing == false)
            }
        }
    }

    @Test("given a member's page read once, when the member answers an RSVP, then the next read shows it", arguments: StoreKind.all)
    func writeMakesItStale(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            _ = try await server.client.put("/v1/events/2/rsvp", #"{"going":false}"#, token: alice)
            let before = try await server.client.get("/v1/events/2", token: alice).decode(Components.Schemas.Event.self)

            _ = try await server.client.put("/v1/events/2/rsvp", #"{"going":true}"#, token: alice)
            let after = try await server.client.get("/v1/events/2", token: alice).decode(Components.Schemas.Event.self)

            #expect(before.isGoing == false)
            #expect(after.isGoing == true)
            #expect(after.attendeeCount == before.attendeeCount + 1)
        }
    }

    @Test("given a member's page read once, when the member logs out, then the token gets 401 for the event and a stranger's list", arguments: StoreKind.all)
    func loggedOutTokenIsNotServed(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let carol = try await server.login(Demo.carol)
            _ = try await server.client.put("/v1/events/3/rsvp", #"{"going":true}"#, token: carol)
            #expect(try await server.client.get("/v1/events/3", token: carol).status == 200)
            #expect(try await server.client.get("/v1/events?limit=5", token: carol).status == 200)

            #expect(try await server.client.delete("/v1/sessions/current", token: carol).status == 204)

            let event = try await server.client.get("/v1/events/3", token: carol)
            #expect(event.status == 401)
            // The list reads a token that no longer works as none (its contract has no 401).
            let list = try await server.client.get("/v1/events?limit=5", token: carol)
            #expect(list.status == 200)
            #expect(try list.decode(Components.Schemas.EventsPage.self).items.allSatisfy { !$0.isGoing })
        }
    }

    @Test("given a member's page read once, when the token expires with no write in between, then 401", arguments: StoreKind.all)
    func expiredTokenIsNotServed(store: StoreKind) async throws {
        try await TestServer.with(store: store, { $0.tokenLifetime = .seconds(60) }) { server in
            let carol = try await server.login(Demo.carol)
            #expect(try await server.client.get("/v1/events/3", token: carol).status == 200)
            #expect(try await server.client.get("/v1/me", token: carol).status == 200)

            server.clock.advance(by: 60)

            let event = try await server.client.get("/v1/events/3", token: carol)
            #expect(event.status == 401)
            #expect(try event.error.message.contains("expired"))
            #expect(try await server.client.get("/v1/me", token: carol).status == 401)
        }
    }

    @Test("given a token that was never issued, when it asks twice, then 401 both times and strangers' answers are unchanged", arguments: StoreKind.all)
    func unknownTokenIsRefusedEveryTime(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let stranger = try await server.client.get("/v1/events/3")
            for _ in 0..<2 {
                #expect(try await server.client.get("/v1/events/3", token: "never-issued").status == 401)
            }
            #expect(try await server.client.get("/v1/events/3").text == stranger.text)
        }
    }
}
