import AgoraContract
import Foundation
import Testing

/// Anonymous reads are served from a cache until the next write; every read of events and
/// comments carries an `ETag` and answers `If-None-Match` with 304.
@Suite("Read cache: anonymous reads until the next write, ETag and 304")
struct ReadCacheTests {
    @Test("given an anonymous page of events read twice, then both answers are the same bytes with the same ETag", arguments: StoreKind.all)
    func sameAnswerTwice(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let first = try await server.client.get("/v1/events?limit=5")
            let second = try await server.client.get("/v1/events?limit=5")

            #expect(first.status == 200)
            #expect(second.status == 200)
            #expect(first.text == second.text)
            let etag = try #require(first.headers["etag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            #expect(second.headers["etag"] == etag)
            #expect(second.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(try second.decode(Components.Schemas.EventsPage.self).items.count == 5)
        }
    }

    @Test("given a cached page of comments, when someone posts a comment, then the next anonymous read shows it, with a new ETag", arguments: StoreKind.all)
    func writeMakesItStale(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let before = try await server.client.get("/v1/events/2/comments?limit=3")
            let alice = try await server.login(Demo.alice)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"fresh"}"#, token: alice)
            let after = try await server.client.get("/v1/events/2/comments?limit=3")

            #expect(posted.status == 201)
            #expect(try after.decode(Components.Schemas.CommentsPage.self).items.first?.body == "fresh")
            #expect(after.headers["etag"] != before.headers["etag"])
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2) + 1))
        }
    }

    @Test("given the ETag of a read, when asked again with If-None-Match, then 304 without a body; another tag or none, then 200", arguments: StoreKind.all)
    func notModified(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let first = try await server.client.get("/v1/events?limit=2")
            let etag = try #require(first.headers["etag"])

            let same = try await server.client.send("GET", "/v1/events?limit=2", headers: ["If-None-Match": etag])
            let listed = try await server.client.send("GET", "/v1/events?limit=2", headers: ["If-None-Match": "\"other\", W/\(etag)"])
            let other = try await server.client.send("GET", "/v1/events?limit=2", headers: ["If-None-Match": "\"0000000000000000\""])

            #expect(same.status == 304)
            #expect(same.text.isEmpty)
            #expect(same.headers["etag"] == etag)
            #expect(listed.status == 304)
            // As swift-openapi-runtime sends it: the quotes percent-encoded.
            let encoded = try await server.client.send(
                "GET", "/v1/events?limit=2", headers: ["If-None-Match": etag.replacingOccurrences(of: "\"", with: "%22")])
            #expect(encoded.status == 304)
            #expect(other.status == 200)
            #expect(other.text == first.text)
        }
    }

    @Test("given a token, then isGoing is the viewer's and never served to anyone else, yet the answer has an ETag", arguments: StoreKind.all)
    func viewersAreNotShared(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let carol = try await server.login(Demo.carol)
            _ = try await server.client.put("/v1/events/3/rsvp", #"{"going":true}"#, token: carol)
            let anonymous = try await server.client.get("/v1/events/3")
            let asCarol = try await server.client.get("/v1/events/3", token: carol)
            let anonymousAgain = try await server.client.get("/v1/events/3")

            #expect(try anonymous.decode(Components.Schemas.Event.self).isGoing == false)
            #expect(try asCarol.decode(Components.Schemas.Event.self).isGoing == true)
            #expect(try anonymousAgain.decode(Components.Schemas.Event.self).isGoing == false)
            #expect(asCarol.headers["etag"] != nil)
            #expect(asCarol.headers["etag"] != anonymous.headers["etag"])
        }
    }

    @Test("given a cached page, when asked with an Accept the API cannot answer, then still 406: negotiation is not skipped", arguments: StoreKind.all)
    func acceptStillNegotiated(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            _ = try await server.client.get("/v1/events?limit=2")
            let html = try await server.client.send("GET", "/v1/events?limit=2", headers: ["Accept": "text/html"])

            #expect(html.status == 406)
        }
    }
}
