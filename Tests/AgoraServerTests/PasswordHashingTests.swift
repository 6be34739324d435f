import AgoraChildProcess
import AgoraServer
import Foundation
import GRDB
import Testing

/// bcrypt's cost is a setting, never a silent default: out of range it is refused, in range it is
/// what every stored hash carries, and with no option it is production strength.
@Suite("Password hashing: the bcrypt cost is set, stored and at least 10 by default")
struct PasswordHashingTests {
    @Test(
        "given a bcrypt cost outside 4...31, when creating a server, then it is refused with one line naming the cost and the range",
        // 3 is in ConfigurationTests with every other setting; these are the edges it leaves.
        arguments: [-1, 0, 32, 255]
    )
    func refusesCostOutOfRange(cost: Int) async throws {
        let configuration = AgoraServerConfiguration(port: 0, bcryptCost: cost)

        let error = await #expect(throws: ConfigurationError.self) { try await AgoraServer(configuration: configuration) }

        #expect(error?.setting == "bcrypt-cost")
        #expect(error?.description == "bcrypt cost \(cost) is out of range; expected 4...31")
    }

    @Test("given the default configuration, then the bcrypt cost is at least 10")
    func productionDefault() {
        #expect(AgoraServerConfiguration().bcryptCost >= 10)
    }

    @Test(
        "given a cost of 4 or of 10, when the demo accounts are seeded, then every stored hash is bcrypt with that cost, and logging in still works",
        arguments: [4, 10])
    func hashesCarryTheCost(cost: Int) async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path

        try await TestServer.with({
            $0.database = .file(path: path)
            $0.bcryptCost = cost
        }) { server in
            _ = try await server.login(Demo.alice)
        }

        let hashes = try Self.storedHashes(path)
        #expect(hashes.count == 6)
        let prefix = String(format: "$2b$%02d$", cost)
        for hash in hashes {
            #expect(hash.hasPrefix(prefix), "\(hash.prefix(7))")
            #expect(hash.count == 60)
        }
    }

    @Test("given agora-server started with no --bcrypt-cost, then the hashes it stores carry cost 10", .timeLimit(.minutes(10)))
    func executableDefaultCost() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "agora.sqlite").path
        let server = try ChildProcess(built: "agora-server", ["--port", "0", "--seed", "demo", "--db", path, "--log-level", "warning"])
        _ = try await server.firstLine()
        server.send(SIGTERM)
        #expect(try await server.exitStatus() == 0)

        let hashes = try Self.storedHashes(path)
        #expect(hashes.count == 6)
        #expect(hashes.allSatisfy { $0.hasPrefix("$2b$10$") })
    }

    @Test("given --bcrypt-cost 32, then agora-server refuses to start with one line naming the option and the range")
    func executableRefusesCost() async throws {
        let server = try ChildProcess(built: "agora-server", ["--port", "0", "--bcrypt-cost", "32"])

        #expect(try await server.exitStatus() != 0)
        #expect(server.printed().stderr == "agora-server: --bcrypt-cost: bcrypt cost 32 is out of range; expected 4...31\n")
    }

    static func storedHashes(_ path: String) throws -> [String] {
        try DatabaseQueue.afterServer(path: path).read { db in try String.fetchAll(db, sql: "SELECT password_hash FROM users") }
    }
}

/// A folder removed when the test is done with it.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "agora-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
