import AgoraChildProcess
import AgoraContract
import Foundation
import GRDB
import Testing

/// What probing found sound, kept as tests: a post the server acknowledged survives the process
/// being killed, and concurrent retries of one post make one comment.
@Suite("Durability: kill -9 during posts, concurrent retries")
struct DurabilityTests {
    @Test("given 40 concurrent posts with one clientID, then one comment: one 201, the rest 200 with the same id, counted once")
    func concurrentRetries() async throws {
        try await TestServer.with { server in
            let alice = try await server.login(Demo.alice)
            let draft = #"{"body":"only once","clientID":"concurrent-1"}"#

            let responses = try await withThrowingTaskGroup(of: APIResponse.self) { group in
                for _ in 1...40 {
                    group.addTask { try await server.client.post("/v1/events/2/comments", draft, token: alice) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(responses.filter { $0.status == 201 }.count == 1)
            #expect(responses.filter { $0.status == 200 }.count == 39)
            let ids = Set(try responses.map { try $0.decode(Components.Schemas.Comment.self).id })
            #expect(ids.count == 1)
            let event = try await server.client.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2) + 1))
        }
    }

    @Test(
        "given a burst of posts, when agora-server is killed with SIGKILL mid-burst, then every acknowledged comment is there after a restart, the database is intact and counters equal row counts",
        .timeLimit(.minutes(10)))
    func killDuringBurst() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        // 800 posts from one account: far past the posting limit, which is not what this measures.
        let arguments = ["--port", "0", "--db", path, "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error", "--comment-burst", "1000"]

        let first = try ChildProcess(built: "agora-server", arguments)
        let client = try APIClient(baseURL: Self.url(from: await first.firstLine()))
        let token = try await Self.login(client)
        let acknowledged = Acknowledged()
        let burst = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        for index in 0..<200 {
                            let body = "burst \(worker)-\(index)"
                            let draft = #"{"body":"\#(body)","clientID":"burst-\#(worker)-\#(index)"}"#
                            guard let response = try? await client.post("/v1/events/\(2 + worker)/comments", draft, token: token) else { return }
                            if response.status == 201, let comment = try? response.decode(Components.Schemas.Comment.self) {
                                await acknowledged.add(comment.id, body)
                            }
                        }
                    }
                }
            }
        }
        // Kill once some posts are acknowledged, while others are in flight.
        while await acknowledged.count < 40 { try await Task.sleep(for: .milliseconds(5)) }
        first.send(SIGKILL)
        _ = try await first.exitStatus()
        await burst.value

        let second = try ChildProcess(built: "agora-server", arguments)
        let restarted = try APIClient(baseURL: Self.url(from: await second.firstLine()))
        #expect(try await restarted.get("/health").status == 200)
        second.send(SIGTERM)
        _ = try await second.exitStatus()

        let saved = await acknowledged.comments
        #expect(saved.count >= 40)
        try await DatabaseQueue.afterServer(path: path).read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            for (id, body) in saved {
                #expect(try String.fetchOne(db, sql: "SELECT body FROM comments WHERE id = ?", arguments: [id]) == body)
            }
            let mismatched = try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM events e
                    WHERE e.comment_count <> (SELECT count(*) FROM comments c WHERE c.event_id = e.id)
                    """)
            #expect(mismatched == 0)
        }
    }

    private static func url(from line: String) throws -> URL {
        let match = try #require(line.wholeMatch(of: /agora-server listening on (http:\/\/127\.0\.0\.1:\d+)/))
        return try #require(URL(string: String(match.1)))
    }

    private static func login(_ client: APIClient) async throws -> String {
        let response = try await client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        try #require(response.status == 201)
        return try response.decode(Components.Schemas.Session.self).token
    }

    /// The comments the server answered 201 for, from several tasks.
    private actor Acknowledged {
        private(set) var comments: [Int64: String] = [:]
        var count: Int { comments.count }
        func add(_ id: Int64, _ body: String) { comments[id] = body }
    }
}
