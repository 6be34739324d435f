import AgoraContract
import Foundation
import GRDB
import Testing

@testable import AgoraServer

/// Bearer tokens at rest: the database keeps their SHA-256 only, so a copy of it logs nobody in.
@Suite("Session storage: the database keeps a digest of each token, never the token")
struct SessionStorageTests {
    @Test(
        "TokenDigest is SHA-256 in lowercase hex",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ])
    func digestIsSHA256(input: String, expected: String) {
        #expect(TokenDigest.of(input) == expected)
    }

    @Test("given two logins, then the sessions table holds each token's digest and no file of the database holds a token, which still works")
    func tokensNeverStored() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        var tokens: [String] = []

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            tokens = [try await server.login(Demo.alice), try await server.loginBob()]
            for token in tokens {
                #expect(try await server.client.get("/v1/me", token: token).status == 200)
            }
            // Read while the server runs, so the write-ahead log still holds what was written.
            let files = try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            for token in tokens {
                #expect(!files.contains { $0.range(of: Data(token.utf8)) != nil }, "a token is in the database files")
            }
        }

        let digests = try await DatabaseQueue.afterServer(path: path).read { db in try String.fetchSet(db, sql: "SELECT token_sha256 FROM sessions") }
        #expect(digests == Set(tokens.map(TokenDigest.of)))
    }

    @Test(
        "given a database of the first schema with a session stored as its token, when the server opens it, then the session still works and only its digest is kept"
    )
    func migratesStoredTokens() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        let token = "legacy-token-\(UUID().uuidString)"
        let legacy = try DatabaseQueue(path: path)
        try ServerSchema.migrator.migrate(legacy, upTo: "v1: accounts, events, comments, activities")
        try await legacy.write { db in
            try db.execute(sql: "INSERT INTO users (id, name, email, password_hash) VALUES (1, 'Ada', 'ada@agora.example', 'x')")
            try db.execute(
                sql: "INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES (?, 1, 0, ?)",
                arguments: [token, Int64(Date().timeIntervalSince1970) + 86_400])
        }
        try legacy.close()

        try await TestServer.with({
            $0.database = .file(path: path)
            $0.now = { Date() }
        }) { server in
            let me = try await server.client.get("/v1/me", token: token)
            #expect(me.status == 200)
            #expect(try me.decode(Components.Schemas.User.self).email == "ada@agora.example")
        }

        let columns = try await DatabaseQueue.afterServer(path: path).read { db in try db.columns(in: "sessions").map(\.name) }
        #expect(!columns.contains("token"))
        let digests = try await DatabaseQueue.afterServer(path: path).read { db in try String.fetchAll(db, sql: "SELECT token_sha256 FROM sessions") }
        #expect(digests == [TokenDigest.of(token)])
    }
}
