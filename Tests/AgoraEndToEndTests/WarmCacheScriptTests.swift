import Foundation
import Testing

/// A script sees each list once, as loaded, whatever this device's cache holds: the output of the
/// same script against the same server is the same on a cold cache and a warm one.
@Suite("Scripts in live mode: a warm cache changes nothing", .serialized, .timeLimit(.minutes(10)))
struct WarmCacheScriptTests {
    @Test("given two pages cached by an earlier run, when the same script runs again, then its output is the same, each row printed once")
    func sameOutputCachedOrNot() async throws {
        let folder = try ScratchFolder("warm-cache")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)
        let script = ["open agora://events", "more", "quit"]

        let cold = try await agora.run(script)
        let warm = try await agora.run(script)
        let again = try await agora.run(script)

        #expect(cold.stdout.contains("Upcoming events"), "\(cold.output)")
        #expect(warm.stdout == cold.stdout, "warm:\n\(warm.stdout)\ncold:\n\(cold.stdout)")
        #expect(again.stdout == cold.stdout)
        let titleLines = warm.stdout.split(separator: "\n").filter { $0 == "Upcoming events" }
        #expect(titleLines.count == 1, "the table is drawn once: \(warm.stdout)")
    }
}
