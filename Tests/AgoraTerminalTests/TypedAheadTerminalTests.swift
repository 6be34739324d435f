import Foundation
import Testing

/// Keys typed while a command runs, before the next prompt: none is lost. The terminal holds
/// them until agora reads again.
@Suite(
    "keys typed ahead on a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct TypedAheadTerminalTests {
    /// Starts agora with every mock answer taking 30 s and opens the events, which then load.
    /// The keys must arrive while they load, so the load outlasts by far the longest a busy
    /// machine has kept this test from looking at the screen (12 s seen); the list must still
    /// come by itself, so the wait cannot be endless. The tests pass as soon as it comes.
    func loadingEvents(home: URL) async throws -> TmuxSession {
        let terminal = try TmuxSession(home: home, environment: ["AGORA_MOCK_LATENCY": "30000"])
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

            #expect(try await terminal.exitStatus() == 0)
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

            #expect(try await terminal.exitStatus() == 0)
            let screen = try terminal.screen()
            #expect(screen.contains("Upcoming events"))
            #expect(screen.contains("Not logged in."))
        }
    }
}
