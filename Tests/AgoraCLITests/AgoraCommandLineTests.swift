import AgoraMocks
import AgoraModels
import Foundation
import Testing

@Suite("The agora executable, driven through pipes")
struct AgoraCommandLineTests {
    let titles = MockData().events.map(\.title)

    @Test("piped commands print the list, the next page and an event, and exit 0")
    func pipedSession() async throws {
        let result = try await AgoraProcess.run(input: "open agora://events\nmore\nopen 1\nquit\n")

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Upcoming events")
        #expect(lines.contains { $0.hasPrefix(" 1  ") && $0.contains(titles[0]) })
        #expect(lines.contains { $0.hasPrefix("21  ") && $0.contains(titles[20]) })
        #expect(lines.contains(titles[0]), "the detail starts with the event's title")
        #expect(lines.contains { $0.hasPrefix("  When ") })
        #expect(!result.stdout.contains("oss>"), "no prompt in plain output")
    }

    @Test("--script FILE runs the same commands with the same output")
    func script() async throws {
        let commands = "open agora://events\nmore\nopen 1\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-\(UUID().uuidString).agora")
        try commands.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let scripted = try await AgoraProcess.run(["--script", file.path])
        let piped = try await AgoraProcess.run(input: commands)

        #expect(scripted.status == 0)
        #expect(scripted.stdout == piped.stdout)
        #expect(!scripted.stdout.isEmpty)
    }

    @Test("an error is reported on one line, the session goes on, and the exit status is 1")
    func errorsContinue() async throws {
        let result = try await AgoraProcess.run(input: "fnord\nopen agora://events\nopen 99\nopen 2\n")

        #expect(result.status == 1)
        #expect(
            result.stderr == """
                <stdin>:1: error: Unknown command 'fnord'. Type `help` for the commands here.
                <stdin>:3: error: Expected a row number from 1 to 20, got '99'.

                """)
        #expect(result.stdout.contains(titles[1]))
    }

    @Test("--bail stops at the first failing command")
    func bail() async throws {
        let result = try await AgoraProcess.run(["--bail"], input: "open agora://nowhere\nopen agora://events\n")

        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:1: error: No screen at 'agora://nowhere'"))
        #expect(result.stdout.isEmpty, "the command after the failure did not run")
    }

    @Test("--script with a missing file names it")
    func missingScript() async throws {
        let result = try await AgoraProcess.run(["--script", "/nonexistent/cmds.agora"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: Cannot read script '/nonexistent/cmds.agora': check the path and that it is UTF-8 text (`--script -` reads standard input).\n")
    }

    @Test("the mode switch: --live and AGORA_MODE=live pick live mode; a bad server address or AGORA_MODE is explained; --oss wins over AGORA_MODE")
    func modeSwitch() async throws {
        // Live mode starts without reaching the server: `env` only describes the run.
        let server = ["AGORA_SERVER_URL": "http://127.0.0.1:9"]
        let live = try await AgoraProcess.run(["--live"], input: "env\nquit\n", environment: server)
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout.contains("mode           live"), "\(live.stdout)")
        #expect(live.stdout.contains("server         http://127.0.0.1:9"), "\(live.stdout)")
        #expect(live.stdout.contains("cache-live-http-127.0.0.1-9.sqlite"), "live mode keeps its cache in a file per server: \(live.stdout)")

        let liveByEnvironment = try await AgoraProcess.run(input: "env\nquit\n", environment: server.merging(["AGORA_MODE": "live"]) { $1 })
        #expect(liveByEnvironment.status == 0)
        #expect(liveByEnvironment.stdout.contains("mode           live"), "\(liveByEnvironment.stdout)")

        let badServer = try await AgoraProcess.run(["--live"], input: "quit\n", environment: ["AGORA_SERVER_URL": "ftp://x"])
        #expect(badServer.status == 2)
        #expect(badServer.stderr.hasPrefix("error: The server address 'ftp://x' is not an http:// or https:// URL"))
        #expect(badServer.stderr.split(separator: "\n").count == 1)

        let flagWins = try await AgoraProcess.run(["--oss"], input: "open agora://events/1\n", environment: ["AGORA_MODE": "live"])
        #expect(flagWins.status == 0)
        #expect(flagWins.stdout.hasPrefix(titles[0]))

        let bad = try await AgoraProcess.run(input: "quit\n", environment: ["AGORA_MODE": "mock"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: AGORA_MODE must be 'oss' or 'live', not 'mock'.\n")

        let both = try await AgoraProcess.run(["--oss", "--live"])
        #expect(both.status != 0)
        #expect(both.stderr == "error: --oss and --live exclude each other: pass one. Type `agora --help` for the options.\n")
    }

    @Test("given an option agora does not have, then one error line in the style of every other, and status 64")
    func unknownOption() async throws {
        let result = try await AgoraProcess.run(["--bogus"])

        #expect(result.status == 64)
        #expect(result.stderr == "error: Unknown option '--bogus'. Did you mean '--oss'? Type `agora --help` for the options.\n")
    }

    @Test(
        "given AGORA_REQUEST_TIMEOUT is not a whole number of milliseconds of at least 1, then agora refuses to start in one line naming it and an example",
        arguments: ["soon", "-5", "0", "1.5"]
    )
    func badRequestTimeout(_ value: String) async throws {
        let result = try await AgoraProcess.run(
            ["--live"], input: "quit\n", environment: ["AGORA_REQUEST_TIMEOUT": value, "AGORA_SERVER_URL": "http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: AGORA_REQUEST_TIMEOUT must be a whole number of milliseconds, at least 1 (e.g. 2000), got '\(value)'\n")
    }

    @Test(
        "given --help at a width, then every environment variable agora reads has a line under ENVIRONMENT, and what it does stays within the width, each line under the first",
        arguments: [200, 80, 40])
    func helpListsTheEnvironment(columns: Int) async throws {
        let help = try await AgoraProcess.run(["--help"], environment: ["COLUMNS": "\(columns)"])
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let section = Array(lines.drop { $0 != "ENVIRONMENT:" }.dropFirst().prefix { !$0.isEmpty })

        #expect(!section.isEmpty, "a section named ENVIRONMENT:\n\(help.stdout)")
        let names = [
            "AGORA_MOCK_LATENCY", "AGORA_MOCK_COMMENTS", "AGORA_MOCK_ACTIVITY", "AGORA_MODE", "AGORA_SERVER_URL", "AGORA_REQUEST_TIMEOUT", "AGORA_LOG",
        ]
        for name in names {
            #expect(section.filter { $0.hasPrefix("  \(name)=") }.count == 1, "one line for \(name):\n\(help.stdout)")
        }
        #expect(section.allSatisfy { $0.count <= columns }, "every line within \(columns) columns:\n\(help.stdout)")
        let isNameLine = { (line: String) in names.contains { line.hasPrefix("  \($0)=") } || line.hasPrefix("  PAGER") }
        let indentation = { (line: Substring) in line.prefix { $0 == " " }.count }
        // Where each line's description starts: after the gap on a name line it stands beside,
        // after the indentation on a line of its own.
        let descriptionColumns = Set(
            section.compactMap { line -> Int? in
                guard isNameLine(line) else { return indentation(line[...]) }
                guard let gap = line.dropFirst(2).firstRange(of: "  ") else { return nil }
                let rest = line[gap.lowerBound...]
                return line.count - rest.count + indentation(rest)
            })
        #expect(descriptionColumns.count == 1, "what each variable does starts at one column:\n\(help.stdout)")
    }

    @Test("--version and --help")
    func versionAndHelp() async throws {
        let version = try await AgoraProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "\(AgoraVersion.current)\n")

        let help = try await AgoraProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--script <file>"))
        #expect(help.stdout.contains("AGORA_MODE"))
    }
}
