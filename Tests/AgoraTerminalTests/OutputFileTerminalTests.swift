import Foundation
import Testing

/// `output FILE` typed at the prompt, as psql's `\o`: results go to the file; the prompt, what is
/// typed and lines about the session stay on the terminal.
@Suite(
    "output to a file at the prompt",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct OutputFileTerminalTests {
    @Test(
        "given `timing on` and `output FILE` at the prompt, when a list is opened, then the prompt, the typed line and the time stay on the terminal, and the file holds the list alone: no prompt, no escape, dates with plain spaces"
    )
    func resultsGoToTheFileAndTheSessionStays() async throws {
        try await withTemporaryHome { home in
            let file = home.appendingPathComponent("out.txt")
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            try terminal.type("timing on")
            try terminal.press("Enter")
            try await terminal.waitForPrompt()

            try terminal.type("output \(file.path)")
            try terminal.press("Enter")
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            let screen = try await terminal.waitForPrompt("oss events>")

            #expect(screen.contains("oss> open agora://events"), "the typed line is on the terminal:\n\(screen)")
            #expect(screen.contains("Time: "), "the time is about the session, on the terminal:\n\(screen)")
            #expect(!screen.contains("Upcoming events"), "the list went to the file:\n\(screen)")
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.contains("Upcoming events"), "the list is in the file:\n\(written)")
            #expect(!written.contains("oss"), "no prompt in the file:\n\(written)")
            #expect(!written.contains("open agora://events"), "no typed line in the file:\n\(written)")
            #expect(!written.contains("Time: "), "no line about the session in the file:\n\(written)")
            #expect(!written.contains("\u{1B}"), "no escape sequence in the file:\n\(written.debugDescription)")
            let otherSpaces = written.unicodeScalars.filter { $0.properties.generalCategory == .spaceSeparator && $0 != " " }
            #expect(otherSpaces.isEmpty, "dates with plain spaces, so `grep '5:00 PM'` finds them:\n\(written.debugDescription)")

            try terminal.type("output")
            try terminal.press("Enter")
            try await terminal.waitForPrompt("oss events>")
            try terminal.type("whoami")
            try terminal.press("Enter")
            let back = try await terminal.waitForScreen("whoami on the terminal") { $0.contains("\nNot logged in.\n") }
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("Not logged in."), "after `output`, results are on the terminal:\n\(back)")
        }
    }
}
