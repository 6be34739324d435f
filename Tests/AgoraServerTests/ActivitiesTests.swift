import AgoraContract
import AgoraMocks
import AgoraModels
import Foundation
import Testing

@Suite("Activities: the seeded feed, and a feed that grows as members act")
struct ActivitiesTests {
    @Test("given the demo seed, when Alice pages through her feed, then OSS mode's feed, in its order", arguments: StoreKind.all)
    func seededFeedMatchesOSSMode(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)

            let feed = try await Self.wholeFeed(server, token: alice, pageSize: 15)

            let expected = demoData.activities(for: 1)
            #expect(feed.count == expected.count)
            #expect(feed.map(\.kind.rawValue) == expected.map(\.kind.rawValue))
            #expect(feed.map(\.eventID) == expected.map { Int64($0.eventID) })
            #expect(feed.map(\.occurredAt) == expected.map(\.occurredAt))
            #expect(feed.map(\.commentID) == expected.map { $0.commentID.map(Int64.init) })
            #expect(feed.map { $0.actor?.id } == expected.map { $0.actor.map { Int64($0.id) } })
            #expect(feed.map(\.startsAt) == expected.map(\.startsAt), "an event starting soon carries its start, the rest none")
            #expect(feed.contains { $0.kind == .startingSoon && $0.startsAt != nil })
            #expect(Set(feed.map(\.id)).count == feed.count)
        }
    }

    @Test(
        "given Carol comments on an event Bob attends, then Bob's feed starts with it, Carol's does not, and deleting it takes it back",
        arguments: StoreKind.all)
    func commentReachesAttendees(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let bob = try await server.loginBob()
            let carol = try await server.login(Demo.carol)
            let event = try #require(demoData.events.first { demoData.attends(userID: 2, eventID: $0.id) && $0.hostID != 3 })
            let body = String(repeating: "Shall we meet at the station first? ", count: 4)

            let comment = try await server.client.post("/v1/events/\(event.id)/comments", #"{"body":"\#(body)"}"#, token: carol)
                .decode(Components.Schemas.Comment.self)

            let bobsFeed = try await server.client.get("/v1/me/activities?limit=1", token: bob).decode(Components.Schemas.ActivitiesPage.self)
            let newest = try #require(bobsFeed.items.first)
            #expect(newest.kind == .commented)
            #expect(newest.commentID == comment.id)
            #expect(newest.actor?.id == 3)
            #expect(newest.eventID == Int64(event.id))
            #expect(newest.eventTitle == event.title)
            #expect(newest.excerpt == String(body.trimmingCharacters(in: .whitespaces).prefix(80)))
            let carolsFeed = try await server.client.get("/v1/me/activities?limit=1", token: carol).decode(Components.Schemas.ActivitiesPage.self)
            #expect(carolsFeed.items.first?.commentID != comment.id)

            #expect(try await server.client.delete("/v1/comments/\(comment.id)", token: carol).status == 204)
            let after = try await server.client.get("/v1/me/activities?limit=1", token: bob).decode(Components.Schemas.ActivitiesPage.self)
            #expect(after.items.first?.commentID != comment.id)
        }
    }

    @Test("given Alice says she is going to Bob's event, then Bob's feed starts with her RSVP; when she cancels, it is gone", arguments: StoreKind.all)
    func rsvpReachesHost(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let bob = try await server.loginBob()
            try #require(demoData.events[0].hostID == 2 && !demoData.attends(userID: 1, eventID: 1))

            _ = try await server.client.put("/v1/events/1/rsvp", #"{"going":true}"#, token: alice)

            let feed = try await server.client.get("/v1/me/activities?limit=1", token: bob).decode(Components.Schemas.ActivitiesPage.self)
            #expect(feed.items.first?.kind == .rsvped)
            #expect(feed.items.first?.actor?.id == 1)
            #expect(feed.items.first?.eventID == 1)

            _ = try await server.client.put("/v1/events/1/rsvp", #"{"going":false}"#, token: alice)
            let after = try await server.client.get("/v1/me/activities?limit=1", token: bob).decode(Components.Schemas.ActivitiesPage.self)
            #expect(!(after.items.first?.kind == .rsvped && after.items.first?.actor?.id == 1))
        }
    }

    @Test("given Frank, who attends nothing, then his feed is empty and has no next page", arguments: StoreKind.all)
    func emptyFeed(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let frank = try await server.login(Demo.frank)

            let feed = try await server.client.get("/v1/me/activities", token: frank).decode(Components.Schemas.ActivitiesPage.self)

            #expect(feed.items.isEmpty)
            #expect(feed.nextCursor == nil)
        }
    }

    static func wholeFeed(_ server: TestServer, token: String, pageSize: Int) async throws -> [Components.Schemas.Activity] {
        var items: [Components.Schemas.Activity] = []
        var cursor: String?
        var pages = 0
        repeat {
            let query = cursor.map { "&cursor=\($0)" } ?? ""
            let page = try await server.client.get("/v1/me/activities?limit=\(pageSize)\(query)", token: token)
                .decode(Components.Schemas.ActivitiesPage.self)
            items += page.items
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 100
        return items
    }
}
