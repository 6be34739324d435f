import AgoraChildProcess
import AgoraContract
import AgoraPostgresTesting
import Foundation
import Testing

/// Two `agora-server` processes on one PostgreSQL database, one killed with SIGKILL while
/// comments are being posted through both: what a client was told is stored stays stored, once,
/// and the other process goes on serving.
@Suite("Kill -9 under write load on PostgreSQL: no acknowledged post lost or doubled", .enabled(if: StoreKind.all.contains(.postgres)))
struct KillUnderWriteLoadTests {
    /// Writers, and the posts each makes: bounded in count, and each request by the client's timeout.
    static let writers = 4
    static let postsPerWriter = 30
    static let event: Int64 = 6

    @Test(
        "given 4 writers posting through two servers, when one server is killed with SIGKILL, then every acknowledged post is stored exactly once and the other server answers every post sent to it",
        .timeLimit(.minutes(10)))
    func killedServerLosesNothing() async throws {
        let url = try await PostgresTestCluster.shared.makeDatabase()
        let database = ["--database-url", url.description + "?sslmode=disable"]
        // High posting limits: the writers are one member posting far faster than anyone would.
        let arguments = [
            "--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error", "--comment-burst", "1000", "--comments-per-minute", "100000",
        ]
        let doomed = try ChildProcess(built: "agora-server", arguments + database)
        let survivor = try ChildProcess(built: "agora-server", arguments + database)
        let one = APIClient(baseURL: try Self.url(from: await doomed.firstLine()))
        let other = APIClient(baseURL: try Self.url(from: await survivor.firstLine()))
        let login = try await other.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        let token = try login.decode(Components.Schemas.Session.self).token
        let progress = Progress()

        let outcomes = try await withThrowingTaskGroup(of: [Outcome].self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    var outcomes: [Outcome] = []
                    for number in 0..<Self.postsPerWriter {
                        let clientID = "kill-\(writer)-\(number)"
                        let draft = #"{"body":"post \#(clientID)","clientID":"\#(clientID)"}"#
                        let first = number.isMultiple(of: 2) ? one : other
                        outcomes.append(try await Self.post(draft, clientID: clientID, through: first, else: other, token: token))
                        await progress.count()
                    }
                    return outcomes
                }
            }
            // A third of the way in, while every writer is posting.
            group.addTask {
                await progress.wait(until: Self.writers * Self.postsPerWriter / 3)
                doomed.send(SIGKILL)
                return []
            }
            return try await group.reduce(into: [Outcome]()) { $0 += $1 }
        }
        _ = try await doomed.exitStatus()

        let acknowledged = outcomes.filter { $0.comment != nil }
        let stored = try await Self.comments(of: Self.event, through: other)
        let storedIDs = stored.map(\.id)
        #expect(acknowledged.count == Self.writers * Self.postsPerWriter, "every post was acknowledged, retried through the survivor when needed")
        #expect(outcomes.filter(\.survivorRefused).isEmpty, "the survivor refused: \(outcomes.filter(\.survivorRefused))")
        #expect(Set(storedIDs).count == storedIDs.count, "a comment is listed twice")
        let ours = stored.filter { $0.body.hasPrefix("post kill-") }
        #expect(ours.count == acknowledged.count, "stored \(ours.count) of \(acknowledged.count) acknowledged")
        #expect(stored.count == demoData.commentCount(eventID: Int(Self.event)) + acknowledged.count)
        #expect(Set(acknowledged.compactMap(\.comment?.id)).isSubset(of: Set(storedIDs)))
        #expect(outcomes.contains { $0.retried }, "the kill met no post in flight")
        survivor.send(SIGTERM)
        _ = try await survivor.exitStatus()
    }

    /// What happened to one post: the comment the server acknowledged (201, or 200 for a retry),
    /// whether it had to be retried through the survivor, and whether the survivor refused it.
    struct Outcome: Sendable, CustomStringConvertible {
        var comment: Components.Schemas.Comment?
        var retried = false
        var survivorRefused = false
        var description: String { "\(comment?.body ?? "none") retried=\(retried)" }
    }

    /// Posts through `first`; when that server does not answer, or answers 5xx, posts the same
    /// draft through `fallback`, as a client with a clientID may.
    private static func post(_ draft: String, clientID: String, through first: APIClient, else fallback: APIClient, token: String) async throws -> Outcome {
        var outcome = Outcome()
        if let response = try? await first.post("/v1/events/\(event)/comments", draft, token: token), [200, 201].contains(response.status) {
            outcome.comment = try response.decode(Components.Schemas.Comment.self)
            return outcome
        }
        outcome.retried = true
        let response = try await fallback.post("/v1/events/\(event)/comments", draft, token: token)
        if [200, 201].contains(response.status) {
            outcome.comment = try response.decode(Components.Schemas.Comment.self)
        } else {
            outcome.survivorRefused = true
        }
        return outcome
    }

    /// Every comment of `event`, page by page.
    private static func comments(of event: Int64, through client: APIClient) async throws -> [Components.Schemas.Comment] {
        var all: [Components.Schemas.Comment] = []
        var cursor: String?
        for _ in 0..<1_000 {
            let query = "limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await client.get("/v1/events/\(event)/comments?\(query)").decode(Components.Schemas.CommentsPage.self)
            all += page.items
            guard let next = page.nextCursor else { break }
            cursor = next
        }
        return all
    }

    private static func url(from line: String) throws -> URL {
        let match = try #require(line.wholeMatch(of: /agora-server listening on (http:\/\/127\.0\.0\.1:\d+)/))
        return try #require(URL(string: String(match.1)))
    }

    /// How many posts were acknowledged so far, for the kill to wait on.
    actor Progress {
        private var done = 0
        private var waiting: [(Int, CheckedContinuation<Void, Never>)] = []

        func count() {
            done += 1
            waiting.removeAll { target, continuation in
                guard done >= target else { return false }
                continuation.resume()
                return true
            }
        }

        func wait(until target: Int) async {
            if done >= target { return }
            await withCheckedContinuation { waiting.append((target, $0)) }
        }
    }
}
