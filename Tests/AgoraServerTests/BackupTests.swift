import AgoraChildProcess
import AgoraServer
import Foundation
import GRDB
import Testing

/// `agora-server backup` copies a database a server is writing to, and never overwrites a file.
@Suite("Operator: agora-server backup copies a running server's database")
struct BackupTests {
    @Test(
        "given a server on a database file, when agora-server backup copies it while the server runs, then the copy opens and holds a comment posted just before",
        .timeLimit(.minutes(10)))
    func onlineBackup() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        let copy = folder.url.appending(path: "backup.sqlite").path

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            let alice = try await server.login(Demo.alice)
            let posted = try await server.client.post("/v1/events/2/comments", #"{"body":"kept by the backup"}"#, token: alice)
            try #require(posted.status == 201)

            let backup = try ChildProcess(built: "agora-server", ["backup", "--db", path, "--to", copy])
            #expect(try await backup.exitStatus() == 0)
            #expect(backup.printed().stdout.contains("backed up"))
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

        let backup = try ChildProcess(built: "agora-server", ["backup", "--db", path, "--to", copy])

        #expect(try await backup.exitStatus() != 0)
        let stderr = backup.printed().stderr
        #expect(stderr.contains("already exists"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == "earlier")
    }

    @Test("given backup without --db, then one line saying it needs the database, and a non-zero status")
    func backupNeedsDatabase() async throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appending(path: "backup.sqlite").path

        let backup = try ChildProcess(built: "agora-server", ["backup", "--to", copy])

        #expect(try await backup.exitStatus() != 0)
        let stderr = backup.printed().stderr
        #expect(stderr.hasPrefix("agora-server: "), "\(stderr)")
        #expect(stderr.contains("--db"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }
}
