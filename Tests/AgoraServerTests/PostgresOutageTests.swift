import AgoraChildProcess
import AgoraContract
import AgoraPostgres
import AgoraPostgresTesting
import AgoraServer
import Foundation
import Testing

/// What a server on PostgreSQL does while PostgreSQL is down: it says so, and comes back by itself.
@Suite("PostgreSQL outage: 503 in one line while the database is down, ready again once it is back", .enabled(if: StoreKind.all.contains(.postgres)))
struct PostgresOutageTests {
    @Test(
        "given a server on PostgreSQL, when PostgreSQL stops, then requests get 503 unavailable and /health/ready says why in one line; when it starts again, the server serves with no restart",
        .timeLimit(.minutes(10)))
    func outageAndRecovery() async throws {
        // A cluster of this test's own: stopping the shared one would fail the tests running beside it.
        let cluster = PostgresTestCluster()
        let url = try await cluster.makeDatabase()
        try await TestServer.with({
            $0.database = .postgres(url)
            $0.databaseDeadline = AgoraServerConfiguration().databaseDeadline  // the 5 s a stopped database costs a request
        }) { server in
            let token = try await Self.logIn(server)
            // Each answer during the outage waits for the database's 5 s, and the whole suite runs
            // beside this test: the client waits as long as the hang bound.
            let client = APIClient(baseURL: server.running.baseURL)
            try #require(try await client.get("/v1/events?limit=1", token: token).status == 200)

            try await cluster.pause()
            let refused = try await client.get("/v1/events?limit=1", token: token)
            let anonymous = try await client.get("/v1/events?limit=1")
            let ready = try await client.get("/health/ready")

            #expect(refused.status == 503, "\(refused.text)")
            #expect(try refused.error.code == "unavailable")
            #expect(anonymous.status == 503, "\(anonymous.text)")
            #expect(ready.status == 503, "\(ready.text)")
            #expect(try ready.error.code == "not_ready")
            #expect(try !ready.error.message.contains("\n"))
            #expect(try await client.get("/health/live").status == 200)

            try await cluster.resume()
            var status = 0
            for _ in 0..<40 where status != 200 {
                // A request that meets the pool still reconnecting may time out: ask again.
                status = (try? await client.get("/v1/events?limit=1", token: token).status) ?? 0
                if status != 200 { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(status == 200)
            #expect(try await client.get("/health/ready").status == 200)
        }
        // On a failure the cluster goes when the test process exits.
        await cluster.delete()
    }

    /// Logs Alice in before the outage, asking again while the answer is 503: with the 5 s
    /// deadline under test, a database busy with the whole suite may not answer a first login
    /// in time, and that is not the outage.
    private static func logIn(_ server: TestServer) async throws -> String {
        let deadline = ContinuousClock.now + Hang.bound
        while true {
            let response = try await server.client.post("/v1/sessions", #"{"email":"\#(Demo.alice)","password":"agora-demo"}"#)
            if response.status == 201 { return try response.decode(Components.Schemas.Session.self).token }
            try #require(response.status == 503 && ContinuousClock.now < deadline, "login of \(Demo.alice): \(response.status) \(response.text)")
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    @Test(
        "given a post waiting in PostgreSQL on a lock another client holds, when PostgreSQL stops fast, then the post gets 503 unavailable, not 500",
        .timeLimit(.minutes(10)))
    func fastStopDuringAWriteIsUnavailable() async throws {
        let cluster = PostgresTestCluster()
        let url = try await cluster.makeDatabase()
        // Well under the client's hang bound: a query that outlived the stop would get its 503 from
        // the deadline, which the answer must be as well, never a 500.
        let deadline: (inout AgoraServerConfiguration) -> Void = {
            $0.database = .postgres(url)
            $0.databaseDeadline = .seconds(30)
        }
        try await TestServer.with(deadline) { server in
            let token = try await server.login(Demo.alice)
            // Another client holds the comments table in a transaction: the post waits for it.
            let holder = try ChildProcess(
                URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
                [
                    url.description + "?sslmode=disable", "-X", "-q", "-1", "-c", "LOCK TABLE comments IN ACCESS EXCLUSIVE MODE", "-c", "\\echo locked",
                    "-c", "SELECT pg_sleep(3600)",
                ])
            try #require(try await holder.firstLine() == "locked", "psql did not take the lock: \(holder.printed().stderr)")
            // Bounded against a hang only: under the whole suite, the stop below may take a while.
            let client = APIClient(baseURL: server.running.baseURL, timeout: TimeInterval(Hang.bound.components.seconds))
            let post = Task { try await client.post("/v1/events/2/comments", #"{"body":"Waiting on a lock"}"#, token: token) }
            try await Self.waitUntilAQueryWaitsOnTheLock(url)

            try await cluster.pause()
            let answer = try await post.value

            #expect(answer.status == 503, "\(answer.status) \(answer.text)")
            #expect(try answer.error.code == "unavailable")
            _ = try await holder.exitStatus()
        }
        await cluster.delete()
    }

    @Test(
        "given a post that PostgreSQL does not answer (it waits on a lock another client holds), when the 5 s deadline passes, then it gets 503, the server lets go of its connection and is ready, and once the lock goes the post is not stored",
        .timeLimit(.minutes(10)))
    func aStuckOperationLetsGoOfItsConnection() async throws {
        let url = try await PostgresTestCluster.shared.makeDatabase()
        try await TestServer.with({
            $0.database = .postgres(url)
            $0.databaseDeadline = AgoraServerConfiguration().databaseDeadline  // 5 s; start-up keeps the hang bound
        }) { server in
            let client = APIClient(baseURL: server.running.baseURL, timeout: TimeInterval(Hang.bound.components.seconds))
            // The server waits the database's real 5 s: on a busy machine a request before or
            // after the lock may meet that deadline too, which asks for another try.
            let login = try await Self.answered { try await client.post("/v1/sessions", #"{"email":"\#(Demo.alice)","password":"agora-demo"}"#) }
            let token = try login.decode(Components.Schemas.Session.self).token
            let holder = try ChildProcess(
                URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
                [
                    url.description + "?sslmode=disable", "-X", "-q", "-1", "-c", "LOCK TABLE comments IN ACCESS EXCLUSIVE MODE", "-c", "\\echo locked",
                    "-c", "SELECT pg_sleep(3600)",
                ])
            try #require(try await holder.firstLine() == "locked", "psql did not take the lock: \(holder.printed().stderr)")

            let post = try await client.post("/v1/events/2/comments", #"{"body":"Waiting on a lock"}"#, token: token)
            // Within a moment of the deadline, the operation holds no connection.
            let holdingNone = #"agora_database_in_flight_operations{state="holding"} 0.0"#
            var metrics = ""
            for _ in 0..<40 where !metrics.contains(holdingNone) {
                metrics = try await client.get("/metrics").text
                if !metrics.contains(holdingNone) { try await Task.sleep(for: .milliseconds(250)) }
            }
            let ready = try await client.get("/health/ready").status
            // The holder's backend sleeps on, lock held, whatever its psql does: it is ended.
            let terminate = try ChildProcess(
                URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
                [
                    url.description + "?sslmode=disable", "-X", "-q", "-c",
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()",
                ])
            _ = try await terminate.exitStatus()
            _ = try await holder.exitStatus()
            let after = try await Self.answered { try await client.post("/v1/events/2/comments", #"{"body":"After the lock"}"#, token: token) }
            let stored = try await Self.answered { try await client.get("/v1/events/2/comments?limit=5") }
                .decode(Components.Schemas.CommentsPage.self).items.map(\.body)

            #expect(post.status == 503, "\(post.status) \(post.text)")
            #expect(ready == 200, "ready while the lock is still held: the operation let go of its connection")
            #expect(metrics.contains(holdingNone), "an operation still holds a connection: \(metrics)")
            #expect(after.status == 201, "\(after.status) \(after.text)")
            #expect(stored.first == "After the lock")
            #expect(!stored.contains("Waiting on a lock"), "a post answered 503 at its deadline is not stored: \(stored)")
        }
    }

    /// `request`'s answer once it is not 503, trying again for at most the hang bound.
    private static func answered(_ request: () async throws -> APIResponse) async throws -> APIResponse {
        let deadline = ContinuousClock.now + Hang.bound
        var response = try await request()
        while response.status == 503, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            response = try await request()
        }
        return response
    }

    /// Waits until a query waits in PostgreSQL for a lock (the post, behind the holder), as
    /// `pg_stat_activity` says.
    private static func waitUntilAQueryWaitsOnTheLock(_ url: PostgresURL) async throws {
        let deadline = ContinuousClock.now + Hang.bound
        while ContinuousClock.now < deadline {
            let query = try ChildProcess(
                URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
                [url.description + "?sslmode=disable", "-X", "-q", "-t", "-A", "-c", "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"])
            _ = try await query.exitStatus()
            if query.printed().stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no query waited on the lock within \(Hang.bound)")
    }
}
