import AgoraChildProcess
import AgoraMocks
import Foundation
import Testing

/// Where a script comes from and what in it is not a command.
@Suite("Scripts from standard input, comments, and --bail")
struct ScriptInputTests {
    let titles = MockData().events.map(\.title)
    static let script = "# the first event\nopen agora://events # the list\n  # indented comment\nopen 1\n"

    @Test("given --script -, when the script comes on standard input, then it runs as a file would", arguments: ["-", "/dev/stdin"])
    func standardInput(_ path: String) async throws {
        let result = try await AgoraProcess.run(["--oss", "--script", path], input: Self.script)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Upcoming events")
        #expect(lines.contains(titles[0]))
    }

    @Test("given a script whose lines end in # comments, when it runs, then the comments are not arguments and nothing fails")
    func trailingComments() async throws {
        let result = try await AgoraProcess.run(["--oss", "--script", "-"], input: "whoami # who is this?\nhelp open # how to open\n")

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test(
        "given a terminal, when agora starts with --bail, then it refuses in one line saying --bail is for scripts",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script gives agora a terminal")
    )
    func bailAtTerminal() async throws {
        // script(1) runs agora on a pseudo-terminal: standard input and output are a terminal.
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", "'\(AgoraProcess.executable.path)' --oss --bail", "/dev/null"], input: .pipe,
            error: .null)
        let finished = try await child.outputs()
        let text = finished.stdout
        let status = finished.ended.status

        #expect(status == 2, "\(text)")
        #expect(text.contains("error: --bail is for scripts"), "\(text)")
    }
}
