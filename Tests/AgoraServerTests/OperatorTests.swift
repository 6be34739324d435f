import AgoraContract
import AgoraServer
import Foundation
import GRDB
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an operator runs the server with: probes, a backup while it serves, and a log a
/// collector can read.
@Suite("Operator: health probes, online backup and JSON logs")
struct OperatorTests {
    @Test("given a running server, then /health/live and /health/ready answer 200 ok, and /health is unchanged")
    func probes() async throws {
        try await TestServer.with { server in
            for path in ["/health/live", "/health/ready", "/health"] {
                let response = try await server.client.get(path)
                #expect(response.status == 200, "\(path)")
                #expect(response.text == #"{"status":"ok"}"#, "\(path): \(response.text)")
            }
        }
    }

    @Test(
        "given a server on a database file, when agora-server backup copies it while the server runs, then the copy opens and holds a comment posted just before",
        .timeLimit(.minutes(1)))
    func onlineBackup() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        let copy = folder.url.appending(path: "backup.sqlite").path

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            let alice = try await server.login(Demo.alice)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"kept by the backup"}"#, token: alice)
            try #require(posted.status == 201)

            let backup = try ServerProcess(["backup", "--db", path, "--to", copy])
            #expect(try await backup.exitStatus() == 0)
            #expect(backup.output().stdout.contains("backed up"))
            #expect(try await server.client.get("/health/ready").status == 200)
        }

        let restored = try DatabaseQueue(path: copy)
        let bodies = try await restored.read { db in try String.fetchAll(db, sql: "SELECT body FROM comments WHERE body = 'kept by the backup'") }
        #expect(bodies == ["kept by the backup"])
        #expect(try DatabaseFileTests.permissions(copy) == 0o600)
    }

    @Test("given a backup file that already exists, then agora-server backup refuses with one line and leaves it alone")
    func backupNeverOverwrites() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        let copy = folder.url.appending(path: "backup.sqlite").path
        try await TestServer.with({ $0.database = .file(path: path) }) { _ in }
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: copy))

        let backup = try ServerProcess(["backup", "--db", path, "--to", copy])

        #expect(try await backup.exitStatus() != 0)
        let stderr = backup.output().stderr
        #expect(stderr.contains("already exists"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == "earlier")
    }

    @Test(
        "given --log-format json, when /health is asked, then the log has one JSON object for it with request_id, level, route, status and duration_ms",
        .timeLimit(.minutes(1)))
    func jsonLog() async throws {
        let server = try ServerProcess(["--port", "0", "--seed", "demo", "--bcrypt-cost", "4", "--log-format", "json"])
        let line = try await server.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/)?.1)
        _ = try await APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).get("/v1/events/1")
        server.send(SIGTERM)
        #expect(try await server.exitStatus() == 0)

        let lines = server.output().stderr.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)") }
        let request = try #require(objects.first { $0["route"] as? String == "/v1/events/{eventID}" }, "\(lines)")
        #expect(request["level"] as? String == "info")
        #expect(request["status"] as? Int == 200)
        #expect((request["duration_ms"] as? Double).map { $0 >= 0 } == true)
        #expect((request["request_id"] as? String)?.isEmpty == false)
        #expect(request["method"] as? String == "GET")
        #expect(request["time"] is String)
    }
}
