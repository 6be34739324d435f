import AgoraChildProcess
import AgoraContract
import AgoraPostgres
import AgoraPostgresTesting
import Foundation
import Synchronization
import Testing

/// PostgreSQL stopped and started again and again under load, as a failing database host would:
/// every server process comes back each time by itself, and what a client was told is stored
/// stays stored.
///
/// Minutes long (each cycle waits for PostgreSQL and for the servers to notice it is back), so
/// `Scripts/test` runs it beside the builds, not with the other tests.
@Suite(
    "PostgreSQL restarted 20 times under load: every server comes back each time, nothing acknowledged lost", .enabled(if: StoreKind.all.contains(.postgres)))
struct PostgresRestartTests {
    static let cycles = 20
    /// How long each writer and reader waits between its requests: a steady load, not a flood,
    /// since the builds beside this test share the cores.
    static let pace = Duration.milliseconds(100)
    static let event: Int64 = 5

    @Test(
        "given two servers on PostgreSQL with writers and readers on both, when PostgreSQL stops (fast or immediately, as in a crash) and starts again 20 times, then after each start both servers are ready, read and write again, and every acknowledged post is stored once",
        .timeLimit(.minutes(15)))
    func restartsUnderLoad() async throws {
        let cluster = PostgresTestCluster()
        let url = try await cluster.makeDatabase()
        // High posting limits: the writers are one member posting far faster than anyone would.
        let arguments = [
            "--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-level", "error", "--comment-burst", "100000", "--comments-per-minute",
            "1000000", "--database-url", url.description + "?sslmode=disable",
        ]
        let processes = [try ChildProcess(built: "agora-server", arguments), try ChildProcess(built: "agora-server", arguments)]
        var servers: [APIClient] = []
        for process in processes {
            let line = try await process.firstLine()
            let match = try #require(line.wholeMatch(of: /agora-server listening on (http:\/\/127\.0\.0\.1:\d+)/), "\(line)")
            // A request meets the database's 5 s deadline at worst, and the machine may be busy:
            // the client waits as long as the hang bound.
            servers.append(APIClient(baseURL: try #require(URL(string: String(match.1)))))
        }
        let login = try await servers[0].post("/v1/sessions", #"{"email":"alice@agora.example","password":"agora-demo"}"#)
        let token = try login.decode(Components.Schemas.Session.self).token
        let load = Load(writers: servers.count)

        let (recoveries, acknowledged) = try await withThrowingTaskGroup(of: [String].self) { group in
            // Two writers and two readers, one of each on each server, until the cycles are done.
            for (number, server) in servers.enumerated() {
                group.addTask { try await Self.write(through: server, token: token, writer: number, until: load) }
                group.addTask {
                    while !load.isDone {
                        _ = try? await server.get("/v1/events/\(Self.event)/comments?limit=20", token: token)
                        try await Task.sleep(for: Self.pace)
                    }
                    return []
                }
            }
            var recoveries: [Duration] = []
            for cycle in 0..<Self.cycles {
                // Under load: each server has acknowledged a post since the last start.
                try await load.waitForAnAcknowledgementByEveryWriter()
                try await cluster.pause(immediately: cycle.isMultiple(of: 2))
                try await Task.sleep(for: .milliseconds(300))
                try await cluster.resume()
                let started = ContinuousClock.now
                for server in servers { try await Self.waitUntilServing(server, token: token, cycle: cycle) }
                recoveries.append(ContinuousClock.now - started)
            }
            try await load.waitForAnAcknowledgementByEveryWriter()
            load.finish()
            return (recoveries, try await group.reduce(into: [String]()) { $0 += $1 })
        }

        let stored = try await Self.storedBodies(url)
        #expect(recoveries.count == Self.cycles, "both servers served again after every start")
        #expect(acknowledged.count >= Self.cycles, "the writers were acknowledged \(acknowledged.count) posts")
        #expect(Set(acknowledged).isSubset(of: Set(stored)), "lost: \(Set(acknowledged).subtracting(stored).sorted().prefix(10))")
        #expect(Set(stored).count == stored.count, "a post is stored twice")
        for process in processes { process.send(SIGTERM) }
        for process in processes { _ = try await process.exitStatus() }
        await cluster.delete()
        print(
            "PostgresRestartTests: \(Self.cycles) restarts, \(acknowledged.count) posts acknowledged, servers serving again after \(recoveries.map { "\($0.components.seconds)" }.joined(separator: ",")) s"
        )
    }

    /// Posts one comment after another through `server` until `load` is done, each with a
    /// clientID of its own: a post not acknowledged (refused while the database is down, or cut
    /// off) is sent again with the same clientID until it is, so none is stored twice. Returns
    /// the bodies acknowledged.
    private static func write(through server: APIClient, token: String, writer: Int, until load: Load) async throws -> [String] {
        var acknowledged: [String] = []
        var number = 0
        while !load.isDone {
            let body = "restart \(writer)-\(number)"
            let draft = #"{"body":"\#(body)","clientID":"restart-\#(writer)-\#(number)"}"#
            if let response = try? await server.post("/v1/events/\(event)/comments", draft, token: token), [200, 201].contains(response.status) {
                acknowledged.append(body)
                load.acknowledge(by: writer)
                number += 1
                try await Task.sleep(for: Self.pace)
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        return acknowledged
    }

    /// Waits until `server` says it is ready and answers a read, at most the hang bound.
    private static func waitUntilServing(_ server: APIClient, token: String, cycle: Int) async throws {
        let deadline = ContinuousClock.now + Hang.bound
        var last = ""
        while ContinuousClock.now < deadline {
            let ready = await Self.answer(server, "/health/ready")
            let read = await Self.answer(server, "/v1/events/\(event)", token: token)
            if ready.status == 200, read.status == 200 { return }
            last = "ready: \(ready.said), read: \(read.said)"
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("after restart \(cycle + 1), \(server.baseURL) did not serve again within \(Hang.bound); last \(last)")
        throw CancellationError()
    }

    /// The status of `path`'s answer (0 for none) and what it or its failure said.
    private static func answer(_ server: APIClient, _ path: String, token: String? = nil) async -> (status: Int, said: String) {
        do {
            let response = try await server.get(path, token: token)
            return (response.status, "\(response.status) \(response.text.prefix(200))")
        } catch {
            return (0, "\(error)")
        }
    }

    /// The bodies of this test's posts as PostgreSQL holds them.
    private static func storedBodies(_ url: PostgresURL) async throws -> [String] {
        let query = try ChildProcess(
            URL(fileURLWithPath: PostgresTestCluster.binaries + "/psql"),
            [url.description + "?sslmode=disable", "-X", "-q", "-t", "-A", "-c", "SELECT body FROM comments WHERE body LIKE 'restart %'"])
        #expect(try await query.exitStatus() == 0, "psql: \(query.printed().stderr)")
        return query.printed().stdout.split(separator: "\n").map(String.init)
    }

    /// Whether the load goes on, and the acknowledgements the cycles wait on.
    final class Load: Sendable {
        private struct State {
            var done = false
            /// Posts acknowledged, by writer.
            var acknowledged: [Int: Int] = [:]
        }

        private let state = Mutex(State())
        private let writers: Int

        init(writers: Int) {
            self.writers = writers
        }

        var isDone: Bool { state.withLock(\.done) }

        func finish() { state.withLock { $0.done = true } }

        func acknowledge(by writer: Int) { state.withLock { $0.acknowledged[writer, default: 0] += 1 } }

        /// Returns once every writer has had a post acknowledged after the call, at most the
        /// hang bound: each server writes again.
        func waitForAnAcknowledgementByEveryWriter() async throws {
            let before = state.withLock(\.acknowledged)
            let deadline = ContinuousClock.now + Hang.bound
            while true {
                let now = state.withLock(\.acknowledged)
                let waitingFor = (0..<writers).filter { now[$0, default: 0] == before[$0, default: 0] }
                if waitingFor.isEmpty { return }
                guard ContinuousClock.now < deadline else {
                    Issue.record("writers \(waitingFor) had no post acknowledged within \(Hang.bound)")
                    throw CancellationError()
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
