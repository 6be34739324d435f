import AgoraContract
import AgoraMocks
import AgoraServer
import Foundation
import Testing

@Suite("Comments: newest-first keyset pages, validated idempotent posts, deleting your own")
struct CommentsTests {
    /// Every comment id of the demo event 1, newest first, as OSS mode lists them.
    static let eventOneIDs = (0..<demoData.commentCount(eventID: 1)).map { Int64(demoData.comment(eventID: 1, index: $0).id) }

    @Test("given 1,200 comments, when paging 100 at a time while someone posts, then all 1,200 newest first, no gap, no duplicate", arguments: StoreKind.all)
    func pagingAcrossPages(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            var ids: [Int64] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page = try await server.client.get("/v1/events/1/comments?limit=100\(query)").decode(Components.Schemas.CommentsPage.self)
                ids += page.items.map(\.id)
                cursor = page.nextCursor
                pages += 1
                if pages == 1 {
                    // A post after the first page lands before it; later pages do not shift.
                    let post = try await server.client.post("/v1/events/1/comments", #"{"body":"meanwhile"}"#, token: alice)
                    try #require(post.status == 201)
                }
            } while cursor != nil && pages < 20

            #expect(pages == 12)
            #expect(ids == Self.eventOneIDs)
            let first = try await server.client.get("/v1/events/1/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            #expect(first.items.first?.body == "meanwhile")
        }
    }

    @Test(
        "given a comment body that is empty, blank, 2,001 characters, missing, of the wrong type, or not JSON, then 400 naming the field",
        arguments: StoreKind.all)
    func postValidation(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let tooLong = String(repeating: "é", count: 2_001)
            let cases: [(body: String, field: String)] = [
                (#"{"body":""}"#, "body"),
                (#"{"body":"  \n\t "}"#, "body"),
                (#"{"body":"\#(tooLong)"}"#, "body"),
                (#"{"clientID":"x"}"#, "body"),
                (#"{"body":42}"#, "body"),
                (#"{"body": "unterminated"#, "body"),
                (#"{"body":"fine","clientID":"\#(String(repeating: "x", count: 65))"}"#, "clientID"),
            ]
            for (body, field) in cases {
                let response = try await server.client.post("/v1/events/1/comments", body, token: alice)
                #expect(response.status == 400, "\(body.prefix(40))")
                #expect(try response.error.code == "invalid_field")
                #expect(try response.error.field == field, "\(body.prefix(40))")
            }
            let longest = try await server.client.post(
                "/v1/events/1/comments", #"{"body":"\#(String(repeating: "é", count: 2_000))"}"#, token: alice
            )
            #expect(longest.status == 201)
        }
    }

    @Test("given a post with a clientID, when it is sent again by the same user, then 200 with the same comment and it counts once", arguments: StoreKind.all)
    func idempotentClientID(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let carol = try await server.login(Demo.carol)
            let draft = #"{"body":"Count me in","clientID":"7F1C-retry"}"#

            let first = try await server.client.post("/v1/events/2/comments", draft, token: alice)
            let retry = try await server.client.post("/v1/events/2/comments", draft, token: alice)
            let otherUser = try await server.client.post("/v1/events/2/comments", draft, token: carol)

            #expect(first.status == 201)
            #expect(retry.status == 200)
            let comment = try first.decode(Components.Schemas.Comment.self)
            #expect(try retry.decode(Components.Schemas.Comment.self) == comment)
            #expect(comment.author.id == 1)
            #expect(otherUser.status == 201)
            #expect(try otherUser.decode(Components.Schemas.Comment.self).id != comment.id)
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2) + 2))
        }
    }

    // Found by Scripts/fuzz-api (schemathesis's negative_data_rejection check): the server takes
    // `"clientID": null` as no clientID, which the contract did not allow; the contract now says so.
    @Test("given a post whose clientID is null, then it is posted like one without a clientID: 201 each time, never deduplicated", arguments: StoreKind.all)
    func nullClientID(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let draft = #"{"body":"no idempotency","clientID":null}"#

            let first = try await server.client.post("/v1/events/2/comments", draft, token: alice)
            let second = try await server.client.post("/v1/events/2/comments", draft, token: alice)

            #expect(first.status == 201)
            #expect(second.status == 201)
            let ids = try [first, second].map { try $0.decode(Components.Schemas.Comment.self).id }
            #expect(ids[0] != ids[1])
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2) + 2))
        }
    }

    @Test("given a posted comment, when its author deletes it then 204 and it is gone; when someone else does, 403; unknown, 404", arguments: StoreKind.all)
    func deleteOwnOnly(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let carol = try await server.login(Demo.carol)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"  mine  "}"#, token: alice)
                .decode(Components.Schemas.Comment.self)
            #expect(posted.body == "mine")

            let byCarol = try await server.client.delete("/v1/comments/\(posted.id)", token: carol)
            #expect(byCarol.status == 403)
            #expect(try byCarol.error.code == "forbidden")
            // The contract has no way to edit a comment: no method but DELETE reaches one.
            for method in ["PUT", "PATCH", "POST"] {
                let edit = try await server.client.send(method, "/v1/comments/\(posted.id)", body: #"{"body":"carol was here"}"#, token: carol)
                #expect(edit.status == 405, "\(method)")
                #expect(edit.headers["allow"] == "DELETE")
            }
            let afterCarol = try await server.client.get("/v1/events/2/comments?limit=100").decode(Components.Schemas.CommentsPage.self)
            #expect(afterCarol.items.first { $0.id == posted.id } == posted, "Carol's attempts left Alice's comment as it was")
            let seededByCarol = try #require((0..<20).lazy.map { demoData.comment(eventID: 1, index: $0) }.first { $0.author.id == 3 })
            #expect(try await server.client.delete("/v1/comments/\(seededByCarol.id)", token: alice).status == 403)
            let eventOne = try await server.client.get("/v1/events/1/comments?limit=20").decode(Components.Schemas.CommentsPage.self)
            #expect(eventOne.items.contains { $0.id == Int64(seededByCarol.id) && $0.body == seededByCarol.body })

            let byAlice = try await server.client.delete("/v1/comments/\(posted.id)", token: alice)
            #expect(byAlice.status == 204)
            let page = try await server.client.get("/v1/events/2/comments?limit=100").decode(Components.Schemas.CommentsPage.self)
            #expect(!page.items.contains { $0.id == posted.id })
            #expect(
                try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self).commentCount
                    == Int64(demoData.commentCount(eventID: 2)))

            #expect(try await server.client.delete("/v1/comments/\(posted.id)", token: alice).status == 404)
            let badID = try await server.client.delete("/v1/comments/abc", token: alice)
            #expect(badID.status == 400)
            #expect(try badID.error.field == "commentID")
        }
    }

    @Test("given no valid token, when writing, then 401 JSON, even when the body is also wrong", arguments: StoreKind.all)
    func unauthenticatedWrites(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let writes: [(String, String, String?)] = [
                ("POST", "/v1/events/1/comments", #"{"body":"hi"}"#),
                ("POST", "/v1/events/1/comments", #"{"body":"#),
                ("DELETE", "/v1/comments/10000001", nil),
                ("PUT", "/v1/events/1/rsvp", #"{"going":true}"#),
                ("DELETE", "/v1/sessions/current", nil),
                ("GET", "/v1/me/activities", nil),
            ]
            for (method, path, body) in writes {
                for token in [nil, "forged"] {
                    let response = try await server.client.send(method, path, body: body, token: token)
                    #expect(response.status == 401, "\(method) \(path)")
                    #expect(try response.error.code == "unauthorized")
                }
            }
        }
    }

    @Test("given an unknown event or a bad cursor, when listing comments, then 404 or 400 naming cursor", arguments: StoreKind.all)
    func listRefusals(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            #expect(try await server.client.get("/v1/events/999/comments").status == 404)
            let alice = try await server.login(Demo.alice)
            #expect(try await server.client.post("/v1/events/999/comments", #"{"body":"hello?"}"#, token: alice).status == 404)
            for cursor in ["c.x.1", "e.1795615200.2", "c.1.2.3", "c..", "c.5.0"] {
                let response = try await server.client.get("/v1/events/1/comments?cursor=\(cursor)")
                #expect(response.status == 400, "\(cursor)")
                #expect(try response.error.field == "cursor")
            }
        }
    }

    @Test("given a thread of 100,000 comments, when asking for the page after comment 90,000, then exactly the next 20 in order", arguments: StoreKind.all)
    func deepPage(store: StoreKind) async throws {
        let count = 100_000
        let data = MockData(referenceDate: referenceDate, busiestEventCommentCount: count)
        try await TestServer.with(store: store, { $0.seed = .demo(DemoSeed(referenceDate: referenceDate, busiestEventComments: count)) }) { server in
            let last = data.comment(eventID: 1, index: 89_999)
            let cursor = "c.\(Int64(last.createdAt.timeIntervalSince1970)).\(last.id)"

            let page = try await server.client.get("/v1/events/1/comments?limit=20&cursor=\(cursor)")
                .decode(Components.Schemas.CommentsPage.self)

            #expect(page.items.map(\.id) == (90_000..<90_020).map { Int64(data.comment(eventID: 1, index: $0).id) })
            #expect(page.items.map(\.body) == (90_000..<90_020).map { data.comment(eventID: 1, index: $0).body })
            #expect(page.items.map(\.author.id) == (90_000..<90_020).map { Int64(data.comment(eventID: 1, index: $0).author.id) })
            let lastPage = try await server.client.get(
                "/v1/events/1/comments?limit=20&cursor=c.\(Int64(data.comment(eventID: 1, index: count - 11).createdAt.timeIntervalSince1970)).\(data.comment(eventID: 1, index: count - 11).id)"
            ).decode(Components.Schemas.CommentsPage.self)
            #expect(lastPage.items.count == 10)
            #expect(lastPage.nextCursor == nil)
        }
    }
}
