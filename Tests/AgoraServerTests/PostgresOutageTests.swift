import AgoraChildProcess
import AgoraContract
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
            let token = try await server.login(Demo.alice)
            // Each answer during the outage waits for the database's 5 s, and the whole suite runs
            // beside this test: a client that waits longer than the usual 10 s.
            let client = APIClient(baseURL: server.running.baseURL, timeout: 30)
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
}
