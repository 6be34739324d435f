import AgoraServer
import Foundation
import Testing

/// The database file holds password hashes and session digests: only its owner may read it.
/// Found by the security review of issue 8: agora-server left it (and its WAL) 0644.
@Suite("The server's database file is readable by its owner only")
struct DatabaseFileTests {
    @Test("given a new database file, when the server has seeded it and a user logged in, then the file, its -wal and its -shm are 0600")
    func newFileIsPrivate() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            _ = try await server.login(Demo.alice)
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(try Self.permissions(file) == 0o600, "\(file)")
            }
        }
    }

    @Test("given a database file an earlier version left readable by everyone, when the server opens it, then it and its -wal are 0600 and its data is intact")
    func existingFileIsTightened() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            _ = try await server.login(Demo.alice)
        }
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        #expect(try Self.permissions(path) == 0o644)

        try await TestServer.with({ $0.database = .file(path: path) }) { server in
            #expect(try Self.permissions(path) == 0o600)
            #expect(try await server.client.get("/v1/events?limit=1").status == 200)
            _ = try await server.login(Demo.alice)
            #expect(try Self.permissions(path + "-wal") == 0o600)
        }
    }

    @Test("given a database path in a folder that does not exist, then creating the server fails naming the path")
    func uncreatableFile() async throws {
        let path = "/nonexistent-agora-folder/agora.sqlite"

        let error = await #expect(throws: (any Error).self) {
            try await AgoraServer(configuration: AgoraServerConfiguration(port: 0, database: .file(path: path), bcryptCost: 4))
        }

        #expect("\(try #require(error))".contains(path))
    }

    static func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
