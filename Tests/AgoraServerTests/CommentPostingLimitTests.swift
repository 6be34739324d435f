import AgoraServer
import Foundation
import Testing

/// One account cannot flood an event: past its burst, posts wait for the bucket to refill. In
/// SQLite the buckets are the server's own; in PostgreSQL every server sharing the database
/// counts in the same ones (SharedPostgresTests splits a burst over two).
@Suite("Comments: a per-account posting limit answers 429 with Retry-After")
struct CommentPostingLimitTests {
    static func limit(burst: Int, perMinute: Int) -> (inout AgoraServerConfiguration) -> Void {
        { $0.commentPosting = CommentPostingLimit(burst: burst, perMinute: perMinute) }
    }

    @Test(
        "given a burst of 3 and 30 a minute, when Alice posts 4 comments at once, then 3 are stored, the 4th gets 429 with Retry-After: 2, and after 2 s she may post again",
        arguments: StoreKind.all
    )
    func burstThenWait(store: StoreKind) async throws {
        try await TestServer.with(store: store, Self.limit(burst: 3, perMinute: 30)) { server in
            let alice = try await server.login(Demo.alice)
            var statuses: [Int] = []
            for index in 1...4 {
                statuses.append(try await server.client.post("/v1/events/2/comments", #"{"body":"post \#(index)"}"#, token: alice).status)
            }
            let refused = try await server.client.post("/v1/events/2/comments", #"{"body":"post 5"}"#, token: alice)

            #expect(statuses == [201, 201, 201, 429])
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "2")
            #expect(try refused.error.code == "too_many_posts")
            #expect(try !refused.error.message.contains("\n"))

            server.clock.advance(by: 2)
            #expect(try await server.client.post("/v1/events/2/comments", #"{"body":"post 6"}"#, token: alice).status == 201)
        }
    }

    @Test("given Alice has used her burst, then Frank still posts: the limit is per account", arguments: StoreKind.all)
    func perAccount(store: StoreKind) async throws {
        try await TestServer.with(store: store, Self.limit(burst: 1, perMinute: 1)) { server in
            let alice = try await server.login(Demo.alice)
            let frank = try await server.login(Demo.frank)
            _ = try await server.client.post("/v1/events/2/comments", #"{"body":"first"}"#, token: alice)

            #expect(try await server.client.post("/v1/events/2/comments", #"{"body":"second"}"#, token: alice).status == 429)
            #expect(try await server.client.post("/v1/events/2/comments", #"{"body":"mine"}"#, token: frank).status == 201)
        }
    }

    @Test(
        "given a burst of 1, when Alice retries one post 5 times with its clientID, then every retry is answered with the comment, not 429",
        arguments: StoreKind.all)
    func retriesAreFree(store: StoreKind) async throws {
        try await TestServer.with(store: store, Self.limit(burst: 1, perMinute: 1)) { server in
            let alice = try await server.login(Demo.alice)
            let draft = #"{"body":"once","clientID":"retry-me"}"#
            var statuses: [Int] = []
            for _ in 1...5 {
                statuses.append(try await server.client.post("/v1/events/2/comments", draft, token: alice).status)
            }

            #expect(statuses == [201, 200, 200, 200, 200])
            #expect(try await server.client.post("/v1/events/2/comments", #"{"body":"new","clientID":"other"}"#, token: alice).status == 429)
        }
    }

    @Test("given the default limit, then it is a burst of 10 and 30 a minute")
    func defaults() {
        #expect(CommentPostingLimit() == CommentPostingLimit(burst: 10, perMinute: 30))
    }
}
