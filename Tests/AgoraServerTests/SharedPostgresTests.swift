import AgoraChildProcess
import AgoraContract
import AgoraPostgresTesting
import Foundation
import Testing

/// Two `agora-server` processes on one PostgreSQL database, over real HTTP on 127.0.0.1:
/// clients may reach either, and must not be able to tell.
@Suite("Shared PostgreSQL: two server processes on one database answer as one", .enabled(if: StoreKind.all.contains(.postgres)))
struct SharedPostgresTests {
    /// Two servers on a new database, seeded by whichever starts first; stopped afterwards. The
    /// first is given the database with `--database-url`, the second with `AGORA_DATABASE_URL`.
    private static func withTwoServers(adding options: [String] = [], _ body: (APIClient, APIClient) async throws -> Void) async throws {
        try await withServers(2, adding: options) { try await body($0[0], $0[1]) }
    }

    /// `count` servers on a new database: the first given it with `--database-url`, the others
    /// with `AGORA_DATABASE_URL`.
    private static func withServers(_ count: Int, adding options: [String] = [], _ body: ([APIClient]) async throws -> Void) async throws {
        let url = try await PostgresTestCluster.shared.makeDatabase()
        // A request waits for the database as long as the hang bound: the whole suite runs beside
        // these servers, and a request queued behind others is not a database that does not answer.
        let deadline = String(Hang.bound.components.seconds)
        let arguments = ["--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error", "--database-deadline", deadline] + options
        var processes = [try ChildProcess(built: "agora-server", arguments + ["--database-url", url.description + "?sslmode=disable"])]
        for _ in 1..<count {
            processes.append(try ChildProcess(built: "agora-server", arguments, adding: ["AGORA_DATABASE_URL": url.description + "?sslmode=disable"]))
        }
        // On a failure, each process is terminated when its handle goes (ChildProcess's deinit).
        var clients: [APIClient] = []
        for process in processes { clients.append(try APIClient(baseURL: Self.url(from: await process.firstLine()))) }
        try await body(clients)
        for process in processes { process.send(SIGTERM) }
        for process in processes { _ = try await process.exitStatus() }
    }

    @Test(
        "given a token from one server, then the other accepts it, and after logging out through the other, neither does, though both had used it",
        .timeLimit(.minutes(10)))
    func tokenWorksOnBoth() async throws {
        try await Self.withTwoServers { one, other in
            let token = try await Self.login(one)
            #expect(try await other.get("/v1/me", token: token).status == 200)
            #expect(try await one.get("/v1/me", token: token).status == 200)
            #expect(try await one.get("/v1/events/3", token: token).status == 200)
            #expect(try await other.send("DELETE", "/v1/sessions/current", token: token).status == 204)
            #expect(try await one.get("/v1/me", token: token).status == 401)
            #expect(try await one.get("/v1/events/3", token: token).status == 401)
        }
    }

    @Test(
        "given both servers have cached an anonymous page, when a comment is posted through one, then the other's next answer has it", .timeLimit(.minutes(10)))
    func postIsInTheOthersNextAnswer() async throws {
        try await Self.withTwoServers { one, other in
            let before = try await other.get("/v1/events/3/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            _ = try await one.get("/v1/events/3/comments?limit=1")
            let token = try await Self.login(one)
            let posted = try await one.post("/v1/events/3/comments", #"{"body":"Seen from both?"}"#, token: token)
                .decode(Components.Schemas.Comment.self)
            let after = try await other.get("/v1/events/3/comments?limit=1").decode(Components.Schemas.CommentsPage.self)
            #expect(after.items.first == posted)
            #expect(before.items.first != posted)
            let event = try await other.get("/v1/events/3").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 3) + 1))
        }
    }

    @Test("given a post with a clientID through one server, when it is retried through the other, then it is stored once", .timeLimit(.minutes(10)))
    func retryThroughTheOtherIsStoredOnce() async throws {
        try await Self.withTwoServers { one, other in
            let token = try await Self.login(one)
            let draft = #"{"body":"Only once, please","clientID":"shared-retry-1"}"#
            let first = try await one.post("/v1/events/2/comments", draft, token: token)
            let retry = try await other.post("/v1/events/2/comments", draft, token: token)
            #expect(first.status == 201)
            #expect(retry.status == 200)
            #expect(try first.decode(Components.Schemas.Comment.self) == retry.decode(Components.Schemas.Comment.self))
            let event = try await other.get("/v1/events/2").decode(Components.Schemas.Event.self)
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 2) + 1))
        }
    }

    @Test(
        "given a limit of 3 failed logins per account from an address, when 2 fail through one server and 1 through the other, then the next try through either is 429",
        .timeLimit(.minutes(10)))
    func loginLimitsCountAcrossServers() async throws {
        try await Self.withTwoServers(adding: ["--login-failures-per-account-from-address", "3"]) { one, other in
            let wrong = #"{"email":"alice@agora.example","password":"not-her-password"}"#
            var failures: [Int] = []
            for client in [one, one, other] { failures.append(try await client.post("/v1/sessions", wrong).status) }
            let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#
            let throughOne = try await one.post("/v1/sessions", right)
            let throughOther = try await other.post("/v1/sessions", right)

            #expect(failures == [401, 401, 401])
            #expect(throughOne.status == 429)
            #expect(throughOther.status == 429)
        }
    }

    @Test(
        "given three servers and a limit of 10 failed logins per account from an address, when 60 wrong passwords come at once, 20 through each, then exactly 10 are checked and 50 get 429",
        .timeLimit(.minutes(10)))
    func concurrentGuessesAcrossServersMeetOneLimit() async throws {
        try await Self.withServers(3, adding: ["--login-failures-per-account-from-address", "10"]) { servers in
            let wrong = #"{"email":"alice@agora.example","password":"not-her-password"}"#
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<60 {
                    let server = servers[index % 3]
                    group.addTask { try await server.post("/v1/sessions", wrong).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            let right = try await servers[0].post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)

            #expect(statuses.count { $0 == 401 } == 10, "\(statuses)")
            #expect(statuses.count { $0 == 429 } == 50)
            #expect(right.status == 429, "the address waits for the account, on every server")
        }
    }

    @Test(
        "given two servers and 5 logins an account a minute, when Alice logs in 12 times at once, 6 through each, then exactly 5 succeed and 7 get 429",
        .timeLimit(.minutes(10)))
    func loginsPerMinuteCountAcrossServers() async throws {
        try await Self.withTwoServers(adding: ["--logins-per-account-per-minute", "5"]) { one, other in
            let right = #"{"email":"alice@agora.example","password":"agora-demo"}"#
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 {
                    let server = index.isMultiple(of: 2) ? one : other
                    group.addTask { try await server.post("/v1/sessions", right).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            #expect(statuses.count { $0 == 201 } == 5, "\(statuses)")
            #expect(statuses.count { $0 == 429 } == 7, "\(statuses)")
        }
    }

    @Test(
        "given a burst of 4 comments and 1 a minute, when Alice sends 8 posts at once, 4 through each server, then 4 are stored and 4 get 429",
        .timeLimit(.minutes(10)))
    func postingLimitCountsAcrossServers() async throws {
        try await Self.withTwoServers(adding: ["--comment-burst", "4", "--comments-per-minute", "1"]) { one, other in
            let token = try await Self.login(one)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 1...8 {
                    let client = index.isMultiple(of: 2) ? one : other
                    group.addTask { try await client.post("/v1/events/4/comments", #"{"body":"burst \#(index)"}"#, token: token).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            let event = try await other.get("/v1/events/4").decode(Components.Schemas.Event.self)

            #expect(statuses.sorted() == [201, 201, 201, 201, 429, 429, 429, 429])
            #expect(event.commentCount == Int64(demoData.commentCount(eventID: 4) + 4))
        }
    }

    private static func login(_ client: APIClient) async throws -> String {
        let response = try await client.post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        try #require(response.status == 201, "login: \(response.status) \(response.text)")
        return try response.decode(Components.Schemas.Session.self).token
    }

    private static func url(from line: String) throws -> URL {
        let match = try #require(line.wholeMatch(of: /agora-server listening on (http:\/\/127\.0\.0\.1:\d+)/))
        return try #require(URL(string: String(match.1)))
    }
}
