import Foundation
import Testing

/// The README's short tour is what agora prints: its commands run through the real binary, and
/// every line it shows is printed, in order. The mock's dates and times move with the day, and a
/// trace's milliseconds with the machine, so those compare by their form, not their value.
@Suite("The README's tour")
struct ReadmeTourTests {
    /// The tour: the README's first text block under "A short tour of the REPL".
    static func tour() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let section = text.range(of: "## A short tour of the REPL"),
            let start = text.range(of: "```text\n", range: section.upperBound..<text.endIndex),
            let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
        else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// `line` with each date, time and trace duration as its form alone, and runs of spaces
    /// (which follow the dates' widths) as one.
    static func form(_ line: some StringProtocol) -> String {
        String(line)
            .replacing(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}/, with: "<date>")
            .replacing(/\d{1,2}:\d{2} (AM|PM)/, with: "<time>")
            .replacing(/\[trace +\d+\.\d{3} ms\]/, with: "[trace <ms>]")
            .replacing(#/ +/#, with: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    @Test(
        "given the README's tour, when its commands run on a fresh clone's agora, then every line it shows is printed, in order, dates in the form agora prints them"
    )
    func tourIsWhatAgoraPrints() async throws {
        let lines = try Self.tour()
        #expect(lines.first == "$ ./Scripts/agora --oss", "the tour starts agora as the README's first command does")
        let prompt = /^oss[^>]*> (.+)$/
        let commands = lines.compactMap { try? prompt.wholeMatch(in: $0).map { String($0.output.1) } }
        let shown = lines.dropFirst().filter { (try? prompt.wholeMatch(in: $0)) == nil && $0.trimmingCharacters(in: .whitespaces) != "…" }
        #expect(commands.count >= 4 && shown.count >= 6, "\(lines)")

        let result = try await AgoraProcess.run(["--oss", "-c", commands.joined(separator: "; ")])

        #expect(result.status == 0, "\(result.stderr)")
        var printed = (result.stdout + result.stderr).split(separator: "\n").map(Self.form)[...]
        for line in shown {
            // In order: each line is found after the one before it (standard error's after
            // standard output's).
            guard let found = printed.firstIndex(of: Self.form(line)) else {
                Issue.record("the tour shows a line agora does not print: \(line)\n\(result.stdout)\(result.stderr)")
                continue
            }
            printed = printed[printed.index(after: found)...]
        }
    }
}
