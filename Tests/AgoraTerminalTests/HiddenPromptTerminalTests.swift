import Foundation
import Testing

/// Keys other than text at the hidden prompt (`password` typed alone): they are not part of the
/// secret, and the prompt that follows starts a line of its own.
@Suite(
    "the hidden prompt on a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct HiddenPromptTerminalTests {
    /// Starts agora on the login screen with the email given and `password` typed alone.
    func atTheHiddenPrompt(home: URL) async throws -> TmuxSession {
        let terminal = try TmuxSession(home: home)
        try await terminal.waitForPrompt()
        for line in ["login", "email alice@agora.example", "password"] {
            try terminal.type(line)
            try terminal.press("Enter")
        }
        try await terminal.waitForScreen("the hidden prompt") { TmuxSession.lastLine(of: $0) == "Password (hidden):" }
        return terminal
    }

    @Test("given the hidden prompt, when Ctrl-L is pressed among the password's characters, then the password is the characters alone and the login works")
    func controlLIsNotPartOfThePassword() async throws {
        try await withTemporaryHome { home in
            let terminal = try await atTheHiddenPrompt(home: home)

            try terminal.type("agora-")
            try terminal.press("C-l")
            try terminal.type("demo")
            try terminal.press("Enter")
            try await terminal.waitForScreen("the form to be ready") { $0.contains("Ready: type `submit` to log in.") }
            try terminal.type("submit")
            try terminal.press("Enter")

            let screen = try await terminal.waitForScreen("the login's outcome") { $0.contains("Logged in as") || $0.contains("error:") }
            #expect(screen.contains("Logged in as Alice Martin."), "\(screen)")
        }
    }

    @Test("given the hidden prompt, when Ctrl-D is pressed, then nothing is set and the next prompt starts a line of its own")
    func controlDLeavesANewLine() async throws {
        try await withTemporaryHome { home in
            let terminal = try await atTheHiddenPrompt(home: home)

            try terminal.press("C-d")

            let screen = try await terminal.waitForPrompt("oss login>")
            #expect(screen.contains("\nPassword (hidden):\noss login>") || screen.contains("\nPassword (hidden): \noss login>"), "\(screen)")
        }
    }
}
