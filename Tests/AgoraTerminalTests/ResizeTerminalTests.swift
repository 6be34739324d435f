import Foundation
import Testing

/// A terminal resized while a line is being edited: the line is drawn again at the new width,
/// with nothing of the old drawing left on the screen.
@Suite(
    "agora on a terminal that is resized",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct ResizeTerminalTests {
    static let typed = "help open this line is long enough to wrap when the window narrows to forty"

    /// The screen's prompt lines, each joined with the rows it wraps onto (up to an empty row or
    /// the next prompt), trailing spaces dropped: a line drawn twice shows as two.
    static func promptLines(of screen: String) -> [String] {
        var lines: [String] = []
        for row in screen.split(separator: "\n", omittingEmptySubsequences: false) {
            let row = String(row.reversed().drop { $0 == " " }.reversed())
            if row.hasPrefix("oss> ") {
                lines.append(row)
            } else if !row.isEmpty, !lines.isEmpty, !row.hasPrefix("oss") {
                lines[lines.count - 1] += row
            } else if row.isEmpty, !lines.isEmpty {
                lines.append("")
            }
        }
        return lines.filter { !$0.isEmpty }
    }

    @Test("given a line wider than the narrower terminal, when it is narrowed and the line edited at its start, then it shows once, edited")
    func narrowingWhileEditing() async throws {
        try await withTemporaryHome { home in
            // Given a line of 80 columns typed at a 100-column terminal
            let terminal = try TmuxSession(home: home, width: 100)
            try await terminal.waitForPrompt()
            try terminal.type(Self.typed)
            try await terminal.waitForScreen("the line typed") { Self.promptLines(of: $0) == ["oss> \(Self.typed)"] }

            // When the terminal narrows to 40 columns, and a letter is typed at the line's start
            try terminal.resize(width: 40)
            try await Task.sleep(for: .milliseconds(300))
            try terminal.press("C-a")
            try terminal.type("Z")

            // Then the line shows once, with the letter, and no row of the old drawing is left
            let edited = "oss> Z\(Self.typed)"
            let screen = try await terminal.waitForScreen("the line drawn again, edited") { Self.promptLines(of: $0).contains(edited) }
            #expect(Self.promptLines(of: screen) == [edited], "\(screen)")
            #expect(!screen.contains("narrows to fortyforty"), "\(screen)")

            // And when the line is shortened past a row's end, what was cut is gone from the screen
            try terminal.press("C-e")
            for _ in 0..<50 { try terminal.press("BSpace") }
            let cut = "oss> Z" + Self.typed.prefix(Self.typed.count - 50)
            let shortened = try await terminal.waitForScreen("the line shortened") { Self.promptLines(of: $0) == [cut] }
            #expect(!shortened.contains("narrows"), "\(shortened)")
        }
    }

    @Test("given a line wrapped at 40 columns, when the terminal widens to 120 and the line is edited, then it shows once, on one row")
    func wideningWhileEditing() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, width: 40)
            try await terminal.waitForPrompt()
            try terminal.type(Self.typed)
            try await terminal.waitForScreen("the line typed") { Self.promptLines(of: $0) == ["oss> \(Self.typed)"] }

            try terminal.resize(width: 120)
            try await Task.sleep(for: .milliseconds(300))
            try terminal.press("C-a")
            try terminal.type("W")

            let edited = "oss> W\(Self.typed)"
            let screen = try await terminal.waitForScreen("the line drawn again, edited") { Self.promptLines(of: $0).contains(edited) }
            #expect(Self.promptLines(of: screen) == [edited], "\(screen)")
        }
    }
}
