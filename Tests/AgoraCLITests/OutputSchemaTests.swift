import AgoraChildProcess
import Foundation
import Testing

/// `--format json` against its schema, `Apps/agora/agora-output.schema.json`: every command
/// `help` lists, on every screen `routes` lists and on none, logged out and logged in, run by its
/// own example, writes records (and trace events) that a JSON Schema validator accepts. The
/// validator is Python's `jsonschema`, which `Scripts/bootstrap` installs beside the browser
/// tests' packages.
@Suite("--format json against its JSON Schema")
struct OutputSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = root.appendingPathComponent("Apps/agora/agora-output.schema.json")
    static let python = root.appendingPathComponent(".build/web-venv/bin/python")
    /// The demo account's login, as a script types it.
    static let login = ["login", "email alice@agora.example", "password agora-demo", "submit"]
    /// Commands whose example would end the run (`quit`) or send output elsewhere (`output
    /// FILE`); `output` alone runs instead of the latter.
    static let replaced = ["quit": nil, "exit": nil, "output": "output"] as [String: String?]

    /// The records of a run of `commands`: standard output's lines and standard error's.
    func run(_ commands: [String]) async throws -> (records: [[String: Any]], lines: [String]) {
        let result = try await AgoraProcess.run(
            ["--oss", "--script", "-", "--format", "json"], input: commands.joined(separator: "\n") + "\n", environment: ["EDITOR": "true"])
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        let records = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        return (records, lines)
    }

    /// Every screen's link (`routes`, with an event that exists), then the root, `nil`.
    func screens() async throws -> [String?] {
        let (records, _) = try await run(["routes"])
        let links = (records.first?["rows"] as? [[String: Any]] ?? []).compactMap { $0["link"] as? String }
        return [nil] + links.map { $0.replacingOccurrences(of: "/42", with: "/1") }
    }

    /// Each of `screens`' commands, as `help` lists them there, with the example `help <name>`
    /// gives (the name alone when it gives none).
    func commands(on screens: [String?]) async throws -> [(screen: String?, example: String)] {
        let (listed, _) = try await run(screens.flatMap { screen in (screen.map { ["open \($0)"] } ?? []) + ["help"] })
        let helps = listed.filter { $0["command"] as? String == "help" }
        #expect(helps.count == screens.count, "one help a screen")
        var commands: [(screen: String?, name: String)] = []
        for (screen, help) in zip(screens, helps) {
            for row in help["rows"] as? [[String: Any]] ?? [] {
                if let name = row["id"] as? String { commands.append((screen, name)) }
            }
        }
        let names = Array(Set(commands.map(\.name))).sorted()
        let (explained, _) = try await run(names.map { "help \($0)" })
        var examples: [String: String] = [:]
        for (name, record) in zip(names, explained) {
            let row = (record["rows"] as? [[String: Any]])?.first
            examples[name] = row?["example"] as? String ?? name
        }
        return commands.compactMap { screen, name in
            let example = Self.replaced[name] ?? examples[name] ?? name
            return example.map { (screen, $0.replacingOccurrences(of: "/42", with: "/1")) }
        }
    }

    @Test(
        "given every command help lists on every screen, logged out and logged in, when each runs its example with --format json, then every record and trace event validates against the schema"
    )
    func everyCommandValidates() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.python.path),
            "the validator runs in \(Self.python.path): run Scripts/bootstrap, which installs Python's jsonschema there")
        let commands = try await commands(on: try await screens())
        #expect(commands.count > 60, "commands on every screen: \(commands.map(\.example))")
        let script = commands.flatMap { screen, example in (screen.map { ["open \($0)"] } ?? ["open agora://events", "back"]) + [example] }

        let loggedOut = try await run(script)
        let loggedIn = try await run(Self.login + script)

        let lines = loggedOut.lines + loggedIn.lines
        #expect(loggedOut.records.count >= script.count, "a record for every command")
        #expect(loggedIn.records.contains { $0["command"] as? String == "submit" && $0["ok"] as? Bool == true }, "logged in")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-schema-\(UUID().uuidString).jsonl")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let validation = try await ChildProcess.run(Self.python, ["-c", Self.validator, Self.schema.path, file.path])
        #expect(validation.ended.status == 0, "\(validation.stdout)\(validation.stderr)")
        #expect(validation.stdout.hasPrefix("valid: \(lines.count) lines"), "\(validation.stdout)")
    }

    @Test("given records that break the schema's rules, then the validator refuses each: it would catch a drifting key")
    func validatorRefusesDrift() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python.path), "run Scripts/bootstrap")
        let (records, lines) = try await run(["open agora://events"])
        let good = try #require(lines.first)
        #expect(records.count == 1)
        let broken = [
            good.replacingOccurrences(of: #""screen":"events","#, with: ""),  // a key gone
            good.replacingOccurrences(of: #""attendeeCount":40"#, with: #""attendeeCount":"40""#),  // a count as text
            good.replacingOccurrences(of: #""startsAt":"#, with: #""when":"#),  // a time by another name
            good.replacingOccurrences(of: #""timingMs":null"#, with: #""timing":null"#),  // a duration with no unit
        ]
        for line in broken {
            #expect(line != good, "the line was broken")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-schema-\(UUID().uuidString).jsonl")
            try line.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let validation = try await ChildProcess.run(Self.python, ["-c", Self.validator, Self.schema.path, file.path])
            #expect(validation.ended.status == 1, "refused: \(validation.stdout)")
        }
    }

    /// Checks the schema itself, then validates each line of a file; prints the first problems
    /// and exits 1 if any line fails.
    static let validator = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        lines = [line for line in open(sys.argv[2], encoding="utf-8").read().split("\\n") if line]
        problems = []
        for number, line in enumerate(lines, 1):
            for error in validator.iter_errors(json.loads(line)):
                problems.append(f"line {number}: {error.message[:200]} at {list(error.absolute_path)}: {line[:200]}")
        print("\\n".join(problems[:20]) if problems else f"valid: {len(lines)} lines")
        sys.exit(1 if problems else 0)
        """
}
