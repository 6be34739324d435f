import AgoraContract
import Foundation
import Testing

/// What belongs to one person goes only to them: an author is a display name and an id to every
/// reader, an email goes only to its owner (`/v1/me`), and answers holding a token or the
/// account's own data may not be kept by any cache on the way.
@Suite("Security: private answers (authors without emails, tokens not stored by caches)")
struct PrivateAnswersTests {
    @Test("given an anonymous reader, when listing an event's comments, then no author carries an email, only a name and an id", arguments: StoreKind.all)
    func commentsWithoutEmails(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let response = try await server.client.get("/v1/events/1/comments")

            #expect(response.status == 200)
            #expect(!response.text.contains("@agora.example"), "\(response.text.prefix(300))")
            let page = try response.decode(Components.Schemas.CommentsPage.self)
            #expect(!page.items.isEmpty)
            let object = try #require(JSONSerialization.jsonObject(with: response.data) as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            for item in items {
                let author = try #require(item["author"] as? [String: Any])
                #expect(Set(author.keys) == ["id", "name"])
            }
        }
    }

    @Test(
        "given a posted comment and an activity feed, then neither the comment's author nor an actor carries an email; /v1/me still does",
        arguments: StoreKind.all)
    func postedAndFeedWithoutEmails(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let carol = try await server.login(Demo.carol)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"See you there"}"#, token: carol)
            let feed = try await server.client.get("/v1/me/activities", token: alice)
            let me = try await server.client.get("/v1/me", token: alice)

            #expect(posted.status == 201)
            #expect(!posted.text.contains("@agora.example"), "\(posted.text)")
            #expect(feed.status == 200)
            #expect(!feed.text.contains("@agora.example"), "\(feed.text.prefix(300))")
            #expect(try me.decode(Components.Schemas.User.self).email == Demo.alice)
        }
    }

    @Test(
        "given a login, a two-factor answer or /v1/me, then the answer says Cache-Control: no-store, refusals too; a public read does not",
        arguments: [
            ("POST", "/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#, 201),
            ("POST", "/v1/sessions", #"{"email":"alice@agora.example","password":"guess"}"#, 401),
            ("POST", "/v1/sessions/two-factor", #"{"challengeID":"nope","code":"000000"}"#, 401),
        ]
    )
    func tokensAreNotStored(method: String, path: String, body: String, status: Int) async throws {
        try await TestServer.with { server in
            let response = try await server.client.send(method, path, body: body)
            let events = try await server.client.get("/v1/events")

            #expect(response.status == status)
            #expect(response.headers["cache-control"] == "no-store")
            #expect(events.headers["cache-control"] == nil)
        }
    }

    @Test("given Bob's two-factor answer and /v1/me, then both say Cache-Control: no-store", arguments: StoreKind.all)
    func twoFactorAndMeNotStored(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let challenge = try await server.client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
            let id = try challenge.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
            let session = try await server.client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"424242"}"#)
            let token = try session.decode(Components.Schemas.Session.self).token
            let me = try await server.client.get("/v1/me", token: token)

            #expect(session.status == 201)
            #expect(session.headers["cache-control"] == "no-store")
            #expect(me.headers["cache-control"] == "no-store")
        }
    }
}
