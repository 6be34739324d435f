import Foundation
import Testing

/// Keys typed while a command runs, before the next prompt: none is lost. The terminal holds
/// them until agora reads again.
@Suite(
    "keys typed ahead on a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(1))
)
struct TypedAheadTerminalTests {
    /// Starts agora with every mock answer taking 4 s (times the time scale) and opens the
    /// events, which then load. The spinner shows for all but the first 200 ms of it: on a busy
    /// machine a test can look at the screen a second or two late, and must still see it.
    func loadingEvents(home: URL) async throws -> TmuxSession {
        let latency = Int(4_000 * TmuxSession.timeScale)
        let terminal = try TmuxSession(home: home, environment: ["AGORA_MOCK_LATENCY": "\(latency)"])
        try await terminal.waitForPrompt()
        try terminal.type("open agora://events")
        try terminal.press("Enter")
        try await terminal.waitForScreen("the spinner") { $0.contains("working… (Ctrl-C to stop)") }
        return terminal
    }

    @Test("given a command loading, when Ctrl-D is pressed before it ends, then the list is shown and agora leaves with status 0")
    func endOfInputWhileACommandRuns() async throws {
        try await withTemporaryHome { home in
            let terminal = try await loadingEvents(home: home)

            try terminal.press("C-d")

            #expect(try await terminal.exitStatus(timeout: .seconds(10)) == 0)
            #expect(try terminal.screen().contains("Upcoming events"))
        }
    }

    @Test("given a command loading, when a command and Ctrl-D are typed before it ends, then that command runs and agora leaves")
    func lineThenEndOfInputWhileACommandRuns() async throws {
        try await withTemporaryHome { home in
            let terminal = try await loadingEvents(home: home)

            try terminal.type("whoami")
            try terminal.press("Enter")
            try terminal.press("C-d")

            #expect(try await terminal.exitStatus(timeout: .seconds(10)) == 0)
            let screen = try terminal.screen()
            #expect(screen.contains("Upcoming events"))
            #expect(screen.contains("Not logged in."))
        }
    }
}
