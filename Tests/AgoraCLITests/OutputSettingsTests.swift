import Foundation
import Testing

/// `output FILE` and `format table|json|tsv` typed as commands, as psql's `\o` and `\pset format`.
@Suite("output and format at the prompt")
struct OutputSettingsTests {
    /// A file name in a folder of its own, removed after the test.
    func withScratchFile(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("results.txt"))
    }

    @Test("given `output FILE` between commands, then what they show goes to the file until `output` alone, and errors stay on standard error")
    func outputToAFileAndBack() async throws {
        try await withScratchFile { file in
            let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events; output \(file.path); more; fnord; output; whoami"])

            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(result.status == 1, "fnord failed")
            #expect(written.hasPrefix("21  "), "the next page went to the file: \(written)")
            #expect(written.split(separator: "\n").count == 20)
            #expect(result.stdout.hasPrefix("Upcoming events\n"), "the first page went to standard output")
            #expect(!result.stdout.contains("\n21  "), "the next page did not: \(result.stdout)")
            #expect(result.stdout.hasSuffix("Not logged in.\n"), "`output` alone brought standard output back")
            #expect(result.stderr.hasPrefix("-c 1:4: error: Unknown command 'fnord'"), "the error stayed on standard error: \(result.stderr)")
        }
    }

    @Test("given a script, when it says `pager on`, then the run goes on and succeeds: outside a terminal the pager changes nothing, as in psql")
    func pagerOnInAScriptIsANoOp() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "pager on; whoami"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("Not logged in.\n"), "\(result.stdout)")
    }

    @Test("given a file that cannot be created, when `output` names it, then one line names it and says what to do, and output stays where it was")
    func outputToAFolderThatDoesNotExist() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "output /nonexistent-agora-folder/results.txt; whoami"])

        #expect(result.status == 1)
        #expect(
            result.stderr
                == "-c 1:1: error: Cannot write to '/nonexistent-agora-folder/results.txt': No such file or directory; name a file in a folder you can write to.\n"
        )
        #expect(result.stdout == "Not logged in.\n")
    }

    @Test("given `format json` mid-script, then each later command is one JSON record, until `format table` brings tables back")
    func formatSwitchesAtThePrompt() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "whoami; format json; open agora://events; format table; whoami"])

        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Not logged in.")
        #expect(lines.last == "Not logged in.")
        let records = try lines.dropFirst().dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(records.map { $0["command"] as? String } == ["format json", "open agora://events"])
        #expect((records[1]["rows"] as? [[String: Any]])?.count == 20)
    }

    @Test("given `format tsv` mid-script, then a list comes as a header and tab-separated rows")
    func formatTSV() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "format tsv; open agora://events"])

        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "#\tid\tstartsAt\ttitle\tvenue\tattendeeCount\tisGoing")
        #expect(lines.count == 21)
    }

    @Test("given a format agora does not know, when `format` names it, then one line names the choices")
    func unknownFormat() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "format xml"])

        #expect(result.status == 1)
        #expect(result.stderr == "-c 1: error: `format` takes table, json or tsv, got 'xml'.\n")
    }

    @Test("given `format` alone, then it says the format in force, before and after `format json`, and changes nothing")
    func formatAloneSaysWhich() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "format; format json; format"])

        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Format is table.", "\(result.stdout)")
        let last = try JSONSerialization.jsonObject(with: Data(try #require(lines.last).utf8)) as? [String: Any]
        #expect(last?["messages"] as? [String] == ["Format is json."], "\(result.stdout)")
    }

    @Test("given --format json, when tracing is turned on and off, then each command's record says so in its messages, and the trace goes to standard error")
    func traceSaysSoInTheRecord() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "trace on; trace off"])

        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(records.map { $0["messages"] as? [String] } == [["Tracing is on."], ["Tracing is off."]], "\(result.stdout)")
        #expect(result.stderr.contains(#""kind":"trace","value":"on""#), "the trace's first event: \(result.stderr)")
    }

    @Test(
        "given the plain format, then one word names it on the command line and at the prompt, and the earlier word still works in both",
        arguments: ["table", "text"])
    func oneWordForThePlainFormat(_ word: String) async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", word, "-c", "format json; format \(word); whoami"])
        let help = try await AgoraProcess.run(["--help"])
        let prompt = try await AgoraProcess.run(["--oss", "-c", "help format"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\nNot logged in.\n"), "back to tables: \(result.stdout)")
        #expect(help.stdout.contains("--format <table|json|tsv>"), "\(help.stdout)")
        #expect(prompt.stdout.contains("format [table|json|tsv]"), "\(prompt.stdout)")
    }

    @Test("given `output ~/FILE`, then the file is written in the home folder, as a shell reads `~`")
    func outputExpandsHome() async throws {
        try await withScratchFile { file in
            let home = file.deletingLastPathComponent()
            let result = try await AgoraProcess.run(["--oss", "-c", "output ~/results.txt; whoami; output; whoami"], environment: ["HOME": home.path])

            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "Not logged in.\n")
            #expect(result.stdout == "Not logged in.\n")
        }
    }

    @Test(
        "given --format json, when `output FILE` runs, then its own record stays where output went before it, and the file holds the records of the commands after it"
    )
    func outputsOwnRecordStaysBehind() async throws {
        try await withScratchFile { file in
            let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "output \(file.path); whoami; output; env"])

            #expect(result.status == 0, "\(result.stderr)")
            let commands = { (text: String) in
                text.split(separator: "\n").compactMap { line in
                    ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["command"] as? String
                }
            }
            #expect(commands(result.stdout) == ["output \(file.path)", "env"])
            #expect(commands(try String(contentsOf: file, encoding: .utf8)) == ["whoami", "output"])
        }
    }
}
