import Foundation
import Testing

/// Tables and help fit the terminal they are printed on, down to 40 columns: columns of low
/// priority are left out, flexible ones shrink, summaries go on under themselves.
@Suite(
    "agora on a narrow terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct NarrowTerminalTests {
    /// The columns a line takes on a terminal: East Asian wide characters and emoji take two.
    static func columns(_ line: Substring) -> Int {
        line.reduce(0) { width, character in
            let value = character.unicodeScalars.first?.value ?? 0
            let isWide =
                (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
            return width + (isWide ? 2 : 1)
        }
    }

    @Test("given a 40-column terminal, when -c prints the events, a thread, the feed and help, then every line fits in 40 columns")
    func scriptFitsTheTerminal() async throws {
        try await withTemporaryHome { home in
            let commands = "open agora://events; open agora://events/1/comments; open agora://activities; help"
            let terminal = try TmuxSession(home: home, arguments: ["-c", commands], width: 40, height: 200)
            #expect(try await terminal.exitStatus() == 0)

            // Joined captures (-J) undo the terminal's own wrapping: a line over 40 was cut by it.
            let lines = try terminal.screen().split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix(" 1  ") }, "the tables were printed: \(lines.joined(separator: "\n"))")
            #expect(lines.contains { $0.contains("Show the next page of activity.") })
            let tooWide = lines.filter { Self.columns($0) > 40 }
            #expect(tooWide.isEmpty, "\(tooWide.joined(separator: "\n"))")
        }
    }

    @Test("given an 80-column terminal, when -c prints a thread, then its lines fit 80 columns, and the comment column is there")
    func scriptAtEightyColumns() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, arguments: ["-c", "open agora://events/1/comments"], width: 80, height: 60)
            #expect(try await terminal.exitStatus() == 0)

            let lines = try terminal.screen().split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix(" #  Who ") && $0.hasSuffix("Comment") }, "\(lines.joined(separator: "\n"))")
            #expect(lines.allSatisfy { Self.columns($0) <= 80 }, "\(lines.joined(separator: "\n"))")
        }
    }
}
