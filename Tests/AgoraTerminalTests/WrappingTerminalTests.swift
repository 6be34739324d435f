import Foundation
import Testing

/// Errors, trace events and prose break between words at the terminal's width, a link kept
/// whole where it fits and the lines an event goes on to indented; a table's cut keeps its rows
/// apart.
@Suite(
    "lines that break between words",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct WrappingTerminalTests {
    /// A long error with links in it, then trace events with links, then a thread.
    static let traced = "whoami; open agora://nowhere/that/anyone/has/heard/of/in/this/app; trace on; open agora://events/1/comments; trace off"

    /// The lines of a finished run of `commands` in a `width`-column terminal.
    func lines(_ commands: String, width: Int) async throws -> [Substring] {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, arguments: ["--oss", "-c", commands], width: width, height: 150)
            _ = try await terminal.exitStatus()
            return try terminal.screen().split(separator: "\n")
        }
    }

    @Test(
        "given a terminal of 40, 100 or 200 columns, when an error and trace events wider than it are printed, then they break between words, each link whole, later lines indented",
        arguments: [40, 100, 200])
    func breaksBetweenWords(width: Int) async throws {
        let lines = try await lines(Self.traced, width: width)
        let screen = lines.joined(separator: "\n")

        let tooWide = lines.filter { NarrowTerminalTests.columns($0) > width }
        #expect(tooWide.isEmpty, "\(tooWide.joined(separator: "\n"))")
        for link in ["agora://events/1/comments", "agora://events/42"] {
            #expect(lines.contains { $0.contains(link) }, "\(link) is whole on one line:\n\(screen)")
        }
        #expect(!lines.contains { $0.hasPrefix("/") || $0.hasPrefix("ra://") || $0.hasPrefix("  /") }, "no link broken inside:\n\(screen)")
        let errorStart = try #require(lines.firstIndex { $0.hasPrefix("-c 1:2: error: No screen at") }, "\(screen)")
        let traceStart = try #require(lines.firstIndex { $0.hasPrefix("[trace ") }, "\(screen)")
        // Every line between the error's first and the first trace event goes on with it, indented.
        #expect(lines[(errorStart + 1)..<traceStart].allSatisfy { $0.hasPrefix("  ") }, "\(screen)")
        // The trace events, not the lines that say tracing is on or off.
        let traceLines = lines[traceStart...].prefix { !$0.hasPrefix("Comments") }.filter { !$0.hasPrefix("Tracing is ") }
        #expect(traceLines.allSatisfy { $0.hasPrefix("[trace ") || $0.hasPrefix("  ") }, "each trace event's later lines are indented:\n\(screen)")
        if width == 40 {
            #expect(traceLines.contains { $0.hasPrefix("  ") }, "at 40 columns a trace event goes on over lines:\n\(screen)")
        }
    }

    @Test("given a 40-column terminal, when the events are listed, then the cut titles of #1 and #13 still differ")
    func cutKeepsRowsApart() async throws {
        let lines = try await lines("open agora://events", width: 40)
        let titles = [" 1  ", "13  "].compactMap { number in lines.last { $0.hasPrefix(number) }.map { String($0.suffix(16)) } }

        #expect(titles.count == 2, "\(lines.joined(separator: "\n"))")
        #expect(titles.first != titles.last, "\(titles)")
    }
}
