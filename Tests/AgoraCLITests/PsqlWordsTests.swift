import Foundation
import Testing

/// psql's backslash commands that this shell has under its own words work here too: a psql user's
/// fingers need no new habits.
@Suite("psql's words")
struct PsqlWordsTests {
    @Test("given `\\q` in a script, then agora ends there, with the status of what ran before it")
    func quit() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "whoami; \\q; fnord"])

        #expect(result.status == 0, "fnord never ran: \(result.stderr)")
        #expect(result.stdout == "Not logged in.\n")
    }

    @Test("given `\\o FILE` and `\\o` alone, then output goes to the file and back, as `output` does")
    func output() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-psql-o-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }

        let result = try await AgoraProcess.run(["--oss", "-c", "\\o \(file.path); whoami; \\o; whoami"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "Not logged in.\n")
        #expect(result.stdout == "Not logged in.\n")
    }

    @Test("given `\\timing` alone, then timing turns on, and the next turns it off; `timing` alone does the same")
    func timing() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "\\timing; whoami; \\timing; whoami; timing; timing"])

        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("Time: ") }.count == 1, "one command timed: \(result.stdout)")
        #expect(lines.filter { $0.hasPrefix("Timing is") } == ["Timing is on.", "Timing is off.", "Timing is on.", "Timing is off."], "\(result.stdout)")
    }

    @Test("given `\\?`, then it lists the commands, as `help` does")
    func help() async throws {
        let psql = try await AgoraProcess.run(["--oss", "-c", "\\?"])
        let own = try await AgoraProcess.run(["--oss", "-c", "help"])

        #expect(psql.status == 0, "\(psql.stderr)")
        #expect(psql.stdout == own.stdout)
    }
}
