import Foundation
import Testing

/// A session and a cache belong to the server they came from: pointing agora at another server
/// (`AGORA_SERVER_URL`) never sends it the first server's token, never shows the first server's
/// cached rows, and a refusal from the second never ends the session with the first.
@Suite("Live sessions and caches are kept per server", .serialized, .timeLimit(.minutes(10)))
struct SessionPerServerTests {
    @Test(
        "given Alice logged in on server A, when agora is pointed at server B, then B gets no token, shows none of A's cached rows, and Alice is still logged in on A"
    )
    func sessionStaysWithItsServer() async throws {
        let folder = try ScratchFolder("per-server")
        let serverA = try ServerProcess(database: folder.file("a.sqlite"), log: folder.file("a.log"))
        defer { serverA.stop() }
        let serverB = try ServerProcess(database: folder.file("b.sqlite"), log: folder.file("b.log"))
        let home = folder.file("home")
        var agora = LiveAgora(home: home, serverURL: serverA.baseURL)

        let onA = try await agora.run(["login", "email alice@agora.example", "password agora-demo", "submit", "open agora://events", "quit"])
        #expect(onA.stdout.contains("Logged in as Alice Martin.") && onA.stdout.contains("Upcoming events"), "\(onA.output)")

        agora.serverURL = serverB.baseURL
        let onB = try await agora.run(["whoami", "open agora://activities", "quit"])
        #expect(onB.stdout.contains("Not logged in") || onB.stdout.contains("not logged in"), "B has no session of A's: \(onB.output)")
        #expect(!onB.output.contains("Alice Martin"), "\(onB.output)")

        // B gone: what agora shows for B can only come from B's own (empty) cache.
        serverB.stop()
        let offlineB = try await agora.run(["open agora://events", "quit"])
        #expect(!offlineB.stdout.contains("Swift on the Server"), "A's cached rows shown for B: \(offlineB.output)")

        agora.serverURL = serverA.baseURL
        let backOnA = try await agora.run(["whoami", "quit"])
        #expect(backOnA.stdout.contains("Alice Martin"), "the session with A survived: \(backOnA.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent(".local/share/agora").path)
        #expect(files.contains("session-live-http-127.0.0.1-\(serverA.port).json"), "\(files)")
        #expect(!files.contains("session-live-http-127.0.0.1-\(serverB.port).json"), "\(files)")
    }
}
