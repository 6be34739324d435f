import AgoraMocks
import Foundation
import Testing

/// Input no transcript can hold — bytes that are not UTF-8, control characters, a huge line, a
/// NUL — piped into the real binary: each gets one line of error and the session goes on.
@Suite("The agora executable given raw bytes")
struct RawInputTests {
    let listed = "open agora://events\n"

    func run(_ bytes: [UInt8]) async throws -> AgoraProcess.Result {
        try await AgoraProcess.run(["--oss"], bytes: Data(bytes) + Data(listed.utf8))
    }

    func expectOneErrorThenTheList(_ result: AgoraProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, sourceLocation: sourceLocation)
        let errors = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(errors.count == 1, "\(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(errors.first?.hasPrefix("<stdin>:1: error: Unknown command") == true, sourceLocation: sourceLocation)
        #expect(errors.first.map { $0.count < 200 } == true, "the error stays one short line", sourceLocation: sourceLocation)
        #expect(result.stdout.hasPrefix("Upcoming events\n"), "the session goes on", sourceLocation: sourceLocation)
    }

    @Test("bytes that are not UTF-8")
    func invalidUTF8() async throws {
        expectOneErrorThenTheList(try await run([0xFF, 0xFE, 0xC3, 0x28, 0x0A]))
    }

    @Test("terminal escape and control characters are not echoed raw")
    func controlCharacters() async throws {
        let result = try await run(Array("\u{1B}[31mred\u{07}\u{08}\n".utf8))
        expectOneErrorThenTheList(result)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(!result.stderr.contains("\u{07}"))
    }

    @Test("a NUL byte inside a line")
    func nul() async throws {
        expectOneErrorThenTheList(try await run(Array("fo".utf8) + [0] + Array("o\n".utf8)))
    }

    @Test("a 100 KB line")
    func hugeLine() async throws {
        expectOneErrorThenTheList(try await run(Array(String(repeating: "x", count: 100_000).utf8) + [0x0A]))
    }

    @Test("a 100 KB argument to a screen command is cut in its message")
    func hugeArgument() async throws {
        let line = "open agora://events\nopen " + String(repeating: "9", count: 100_000) + "\nopen 1\n"
        let result = try await AgoraProcess.run(["--oss"], input: line)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:2: error: Expected a row number from 1 to 20, got '9999"))
        #expect(result.stderr.count < 200)
        #expect(result.stdout.contains(MockData().events[0].title))
    }

    @Test("-c runs each command of a one-line script; \\; keeps a '.;' inside one")
    func oneLineScript() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", #"open agora://events/2; rsvp 'maybe\; not'; help rsvp"#])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(MockData().events[1].title))
        #expect(
            result.stdout.hasSuffix("usage: rsvp [yes|no]\n  Say you are going (`rsvp no`: no longer going); asks you to log in first.\n  example: rsvp no\n"))
        #expect(result.stderr == "-c 1:2: error: `rsvp` takes 'yes' or 'no', got 'maybe; not'.\n", "the error names the -c it came from")
    }

    @Test("-c and --script together are refused by name")
    func scriptAndCommands() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "env", "--script", "/dev/null"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--script and -c exclude each other"))
    }
}
