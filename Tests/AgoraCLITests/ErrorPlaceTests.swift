import Foundation
import Testing

/// A script's errors name where the failing command was read, as psql's and sqlite3's do:
/// `FILE:4: error: …` for a `--script` line, `<stdin>:4: error: …` for a line of standard input,
/// piped or `--script -`, `-c 2: error: …` for the second `-c`, `-c 2:3: error: …` for the third
/// command of a second `-c` that holds several.
@Suite("Errors that name their place")
struct ErrorPlaceTests {
    /// Writes `text` to a script file of its own and returns its path.
    func scriptFile(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-place-\(UInt64.random(in: 0...UInt64.max)).agora")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("given a script whose line 4 is bad, when it runs, then the error starts with FILE:4:")
    func scriptLine() async throws {
        let path = try scriptFile("# events\nopen agora://events\n\nopen 99\nwhoami\n")
        defer { try? FileManager.default.removeItem(atPath: path) }

        let result = try await AgoraProcess.run(["--oss", "--script", path])

        #expect(result.status == 1)
        #expect(result.stderr == "\(path):4: error: Expected a row number from 1 to 20, got '99'.\n")
    }

    @Test("given Windows line ends, when line 3 is bad, then the error still says line 3")
    func crlfLines() async throws {
        let path = try scriptFile("open agora://events\r\n\r\nfnord\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }

        let result = try await AgoraProcess.run(["--oss", "--script", path])

        #expect(result.stderr.hasPrefix("\(path):3: error: Unknown command 'fnord'"), "\(result.stderr)")
    }

    @Test("given two -c, when a command of the second fails, then the error says -c 2")
    func secondCommandOption() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events", "-c", "open 99"])

        #expect(result.status == 1)
        #expect(result.stderr == "-c 2: error: Expected a row number from 1 to 20, got '99'.\n")
    }

    @Test("given a -c of several commands, when its second fails, then the error names the -c and the command within it")
    func commandWithinACommandOption() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "whoami", "-c", "open agora://events; open 99; fnord"])

        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.map { String($0.prefix(15)) } == ["-c 2:2: error: ", "-c 2:3: error: "], "\(result.stderr)")
        #expect(errors.last?.hasSuffix("Unknown command 'fnord'. Type `help` for the commands here.") == true, "\(result.stderr)")
    }

    @Test("given --script -, when a line fails, then the error names <stdin> and the line")
    func scriptFromStandardInput() async throws {
        let result = try await AgoraProcess.run(["--oss", "--script", "-"], input: "whoami\nfnord\n")

        #expect(result.stderr.hasPrefix("<stdin>:2: error: Unknown command 'fnord'"), "\(result.stderr)")
    }

    @Test("given piped input, when lines fail, then each error names <stdin> and its line, as --script - does")
    func pipedInput() async throws {
        let result = try await AgoraProcess.run(["--oss"], input: "whoami\n\nfnord\nopen 1\n")

        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(errors.first?.hasPrefix("<stdin>:3: error: Unknown command 'fnord'") == true, "\(result.stderr)")
        #expect(errors.last?.hasPrefix("<stdin>:4: error: ") == true, "\(result.stderr)")
    }

    @Test("given a -c, when an error comes from a request the command started, then it names the -c too")
    func errorFromWork() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "whoami", "-c", "open agora://events/999999"])

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("-c 2: error: "), "\(result.stderr)")
    }
}
