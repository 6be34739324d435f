import Foundation
import Testing

/// `--format json` for every command: data a script reads without parsing English. Each command
/// has its keys here, and every record is held to the same rules: keys stable from row to row,
/// numbers as numbers, dates as ISO 8601, yes or no as a boolean, no column-padded text.
@Suite("--format json: every command's schema")
struct JSONSchemaTests {
    /// A command of the script, and the keys of what it shows: its record's and its rows' (`nil`:
    /// it shows none, only a message).
    struct Schema: Sendable, CustomStringConvertible {
        let command: String
        let record: Set<String>?
        let rows: Set<String>?
        var description: String { command }

        init(_ command: String, record: Set<String>? = nil, rows: Set<String>? = nil) {
            (self.command, self.record, self.rows) = (command, record, rows)
        }
    }

    static let event: Set = [
        "title", "id", "startsAt", "endsAt", "venue", "host", "attendeeCount", "attendees", "isGoing", "isHost", "commentCount", "summary",
    ]
    static let eventRow: Set = ["#", "id", "startsAt", "title", "venue", "attendeeCount", "isGoing"]
    static let comment: Set = ["id", "author", "time", "body", "draftId", "state", "isMine"]
    static let activity: Set = ["id", "time", "title", "kind", "actor", "eventId"]
    static let output: Set = ["name", "kind", "isSent", "value"]

    /// Every command, in the order the script runs them.
    static let schemas: [Schema] = [
        Schema(
            "env",
            record: [
                "title", "mode", "server", "serverUsed", "clientId", "clientSecretSet", "loggedIn", "user", "sessionFile", "historyFile", "cache",
            ]),
        Schema("whoami", record: ["title", "loggedIn", "name", "email"]),
        Schema("help", rows: ["#", "id", "command", "summary", "section"]),
        Schema("help rsvp", rows: ["#", "id", "command", "summary", "example", "isHere", "place", "link"]),
        Schema("routes", rows: ["#", "id", "link", "opens"]),
        Schema("plugins", rows: ["#", "id", "plugin", "links", "registrations", "needs"]),
        Schema("container", rows: ["#", "id", "assembly", "type", "scope", "resolved"]),
        Schema("resolve EventsFetchable", rows: ["#", "id", "type", "depth", "handedOut", "isNew", "durationMs"]),
        Schema("timing on"),
        Schema("open agora://events", rows: eventRow),
        Schema("timing off"),
        Schema("more", rows: eventRow),
        Schema("stack", rows: ["#", "id", "route", "viewModel", "coordinator"]),
        Schema("inputs", rows: ["#", "id", "input", "parameters", "sentBy"]),
        Schema("inspect", record: ["title", "viewModel", "route", "isWorking"], rows: output.union(["#", "id"])),
        Schema("inspect list.isEmpty", record: output.union(["title"])),
        Schema("send refresh", rows: eventRow),
        Schema("open 1", record: event),
        Schema("comments", rows: comment.union(["#"])),
        Schema("show 1", record: comment.union(["title"])),
        Schema("back", record: event),
        Schema("open agora://activities"),
        Schema("login"),
        Schema("email alice@agora.example"),
        Schema("password agora-demo"),
        Schema("submit", rows: activity.union(["#"])),
        Schema("show 1", record: activity.union(["title"])),
        Schema("whoami", record: ["title", "loggedIn", "name", "email"]),
        Schema("open agora://events/2/comments", rows: comment.union(["#"])),
        Schema("post Hello from the schema test", rows: comment.union(["#"])),
        // The comments below the user's are no longer theirs: those rows change.
        Schema("logout", rows: comment.union(["#"])),
    ]

    static let numberKeys: Set = ["#", "attendeeCount", "commentCount", "eventId", "registrations", "depth", "durationMs"]
    static let dateKeys: Set = ["startsAt", "endsAt", "time"]
    static let flagKeys: Set = [
        "isGoing", "isHost", "isMine", "loggedIn", "resolved", "isNew", "isSent", "isWorking", "isHere", "serverUsed", "clientSecretSet",
    ]

    /// What the script printed: each command's record, one JSON object a line; trace records
    /// left out. agora runs once, for every test of the suite.
    static let lines = Task { () -> [String] in
        let script = schemas.map(\.command).joined(separator: "\n") + "\n"
        guard let result = try? await AgoraProcess.run(["--oss", "--script", "-", "--format", "json"], input: script) else { return [] }
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(#"{"kind":"trace""#) }
    }

    /// The records of `lines`, parsed.
    static func records(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { line in (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] }
    }

    /// How each value of `key` is written in the JSON `line`: the text after each `"key":`.
    static func written(_ key: String, in line: String) -> [Substring] {
        line.components(separatedBy: "\"\(key)\":").dropFirst().map { $0.prefix(5) }
    }

    @Test("given a script of every command, when run with --format json, then each command has one record, and each succeeded")
    func oneRecordPerCommand() async {
        let records = Self.records(await Self.lines.value)
        #expect(records.map { $0["command"] as? String } == Self.schemas.map(\.command))
        for record in records {
            #expect(record["ok"] as? Bool == true, "\(record)")
        }
    }

    @Test("given a command, when run with --format json, then its record and rows carry exactly its keys, the same in every row", arguments: schemas.indices)
    func keys(of index: Int) async throws {
        let schema = Self.schemas[index]
        let record = try #require(Self.records(await Self.lines.value).dropFirst(index).first, "no record for \(schema.command)")
        #expect(record["command"] as? String == schema.command)
        let shown = record["record"] as? [String: Any]
        #expect(shown.map { Set($0.keys) } == schema.record, "\(schema.command)'s record: \(shown ?? [:])")
        let rows = record["rows"] as? [[String: Any]] ?? []
        if let keys = schema.rows {
            #expect(!rows.isEmpty, "\(schema.command) shows rows")
            for row in rows { #expect(Set(row.keys) == keys, "\(schema.command)'s row: \(row)") }
        } else {
            #expect(rows.isEmpty, "\(schema.command) shows no rows: \(rows)")
        }
    }

    @Test(
        "given every command's record, then numbers are numbers, dates ISO 8601, yes or no a boolean, no text is a number, and no message is padded into columns"
    )
    func valuesAreData() async throws {
        let dates = Date.ISO8601FormatStyle()
        let lines = await Self.lines.value
        for (line, record) in zip(lines, Self.records(lines)) {
            let command = record["command"] as? String ?? ""
            let shown = [record["record"] as? [String: Any] ?? [:]] + (record["rows"] as? [[String: Any]] ?? [])
            for object in shown {
                for (key, value) in object {
                    // Read in the JSON as written: a parser may hand a boolean over as a number.
                    let written = Self.written(key, in: line)
                    if Self.numberKeys.contains(key) {
                        #expect(written.allSatisfy { $0.first?.isNumber == true }, "\(command): \(key) is written \(written)")
                    }
                    if Self.flagKeys.contains(key) {
                        #expect(written.allSatisfy { $0.hasPrefix("true") || $0.hasPrefix("false") }, "\(command): \(key) is written \(written)")
                    }
                    if Self.dateKeys.contains(key) {
                        #expect((value as? String).flatMap { try? dates.parse($0) } != nil, "\(command): \(key) = \(value)")
                    }
                    if let text = value as? String {
                        #expect(Int(text) == nil, "\(command): \(key) is a number written as text: \(text)")
                    }
                }
            }
            for message in record["messages"] as? [String] ?? [] {
                #expect(!message.hasPrefix(" ") && !message.contains("   "), "\(command): a message padded into columns: \(message)")
            }
        }
        let timed = try #require(Self.records(lines).first { $0["command"] as? String == "open agora://events" })
        #expect(timed["timingMs"] is Double, "with timing on, the time is a number of milliseconds: \(timed)")
    }
}
