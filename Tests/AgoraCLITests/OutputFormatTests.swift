import AgoraMocks
import Foundation
import Testing

/// `--format json` and `--format tsv`: what commands show, for a program to read.
@Suite("--format json and tsv")
struct OutputFormatTests {
    let events = MockData().events
    var titles: [String] { events.map(\.title) }

    /// The JSON objects of `stdout`, one per line; fails the test on a line that is not one.
    func records(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test(
        "given a script, when --format json, then every line of output is a JSON object, one per command, with its screen, outcome, rows, messages and errors")
    func json() async throws {
        let script = "open agora://events\n# a comment\n\nmore\nopen 2\nfnord\n"
        let result = try await AgoraProcess.run(["--oss", "--script", "-", "--format", "json"], input: script)

        #expect(result.status == 1, "fnord failed")
        #expect(result.stderr.isEmpty, "errors are in the records: \(result.stderr)")
        let records = try records(result.stdout)
        #expect(records.map { $0["command"] as? String } == ["open agora://events", "more", "open 2", "fnord"])
        #expect(records.map { $0["ok"] as? Bool } == [true, true, true, false])
        #expect(records.map { $0["screen"] as? String } == ["events", "events", "events/2", "events/2"])
        #expect(records.map { $0["source"] as? String } == ["<stdin>:1", "<stdin>:4", "<stdin>:5", "<stdin>:6"], "each names its line")
        let firstRows = try #require(records[0]["rows"] as? [[String: Any]])
        #expect(firstRows.count == 20)
        #expect(firstRows[0]["#"] as? Int == 1)
        #expect(firstRows[0]["id"] as? Int == events[0].id, "an id that is a number is one, as in a record")
        #expect(firstRows[0]["title"] as? String == titles[0])
        #expect(firstRows[0]["attendeeCount"] as? Int == events[0].attendeeCount, "counts are numbers")
        #expect(firstRows[0]["startsAt"] as? String == events[0].startsAt.formatted(.iso8601), "dates are ISO 8601")
        #expect(records[0]["title"] as? String == "Upcoming events")
        #expect((records[1]["rows"] as? [[String: Any]])?.first?["#"] as? Int == 21, "more: only the new page's rows")
        #expect((records[2]["record"] as? [String: Any])?["title"] as? String == titles[1], "open 2: the event as a record")
        #expect((records[3]["errors"] as? [String])?.first?.hasPrefix("Unknown command 'fnord'") == true)
    }

    @Test(
        "given a comment posted with --format json, then its record has one row, the comment as it ended, its state and whether it is the user's as fields of their own"
    )
    func postedCommentRow() async throws {
        let login = "login; email alice@agora.example; password agora-demo; submit"
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "\(login); open agora://events/2/comments; post Hello (you) there"])

        #expect(result.status == 0, "\(result.stderr)")
        let post = try #require(try records(result.stdout).last)
        #expect(post["command"] as? String == "post Hello (you) there")
        let rows = try #require(post["rows"] as? [[String: Any]])
        #expect(rows.count == 1, "the draft and the posted comment are one row: \(rows)")
        #expect(rows.first?["#"] as? Int == 1)
        #expect(rows.first?["body"] as? String == "Hello (you) there", "the text as written, no marker added")
        #expect(rows.first?["author"] as? String == "Alice Martin")
        #expect(rows.first?["state"] as? String == "posted")
        #expect(rows.first?["isMine"] as? Bool == true)
        #expect(post["messages"] as? [String] == ["Comment posted."])
    }

    @Test("given an event's screen and `show` with --format json, then each is a record of typed fields, not lines of text")
    func detailAndShowAreRecords() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "open agora://events/2; open agora://events/2/comments; show 1"])

        #expect(result.status == 0, "\(result.stderr)")
        let records = try records(result.stdout)
        let event = try #require(records[0]["record"] as? [String: Any])
        #expect(event["title"] as? String == titles[1])
        #expect(event["startsAt"] as? String == events[1].startsAt.formatted(.iso8601), "dates are ISO 8601")
        #expect(event["attendeeCount"] as? Int == events[1].attendeeCount, "counts are numbers")
        #expect(event["isGoing"] is Bool)
        #expect((records[0]["messages"] as? [String])?.isEmpty == true, "the event is not also lines of text")
        let comment = try #require(records[2]["record"] as? [String: Any])
        #expect(comment["body"] is String && comment["time"] is String && comment["state"] as? String == "posted")
        #expect((records[2]["messages"] as? [String])?.isEmpty == true)
    }

    @Test("given routes, stack and help with --format json, then each is rows with keys, not lines of text")
    func explorerTablesAreRows() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "open agora://events; routes; stack; help"])

        #expect(result.status == 0, "\(result.stderr)")
        let records = try records(result.stdout)
        for record in records.dropFirst() {
            #expect((record["messages"] as? [String])?.isEmpty == true, "\(record)")
        }
        let routes = try #require(records[1]["rows"] as? [[String: Any]])
        #expect(routes.contains { $0["link"] as? String == "agora://events/42/comments" })
        let stack = try #require(records[2]["rows"] as? [[String: Any]])
        #expect(stack.first?["viewModel"] as? String == "EventsListViewModel")
        let help = try #require(records[3]["rows"] as? [[String: Any]])
        #expect(help.contains { $0["command"] as? String == "more" && $0["section"] as? String == "On events" })
        #expect(help.contains { $0["command"] as? String == "quit" && $0["section"] as? String == "Everywhere" })
    }

    @Test("given container and plugins with --format json, then each registration and plugin is a row with keys, the resolved flag a boolean")
    func containerAndPluginsAreRows() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "json", "-c", "open agora://events; container; plugins"])

        #expect(result.status == 0, "\(result.stderr)")
        let records = try records(result.stdout)
        for record in records.dropFirst() {
            #expect((record["messages"] as? [String])?.isEmpty == true, "\(record)")
        }
        let registrations = try #require(records[1]["rows"] as? [[String: Any]])
        let fetchable = try #require(registrations.first { $0["type"] as? String == "EventsFetchable" })
        #expect(fetchable["assembly"] as? String == "EventsAssembly")
        #expect((fetchable["scope"] as? String)?.hasPrefix("as EventsUseCase") == true)
        #expect(fetchable["resolved"] as? Bool == true)
        #expect(registrations.contains { $0["type"] as? String == "SessionStore" && $0["scope"] as? String == "instance" })
        let plugins = try #require(records[2]["rows"] as? [[String: Any]])
        #expect(plugins.map { $0["plugin"] as? String } == ["Auth", "Events", "Comments", "Activities"])
        #expect(plugins.first { $0["plugin"] as? String == "Comments" }?["registrations"] as? Int == 6)
    }

    @Test("given a list, when --format tsv, then a header and one tab-separated line per row on standard output; errors on standard error")
    func tsv() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "tsv", "-c", "open agora://events", "-c", "open 99"])

        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 21)
        #expect(lines.first == "#\tid\tstartsAt\ttitle\tvenue\tattendeeCount\tisGoing")
        let fields = lines[1].split(separator: "\t").map(String.init)
        #expect(
            fields == ["1", String(events[0].id), events[0].startsAt.formatted(.iso8601), titles[0], events[0].venue, String(events[0].attendeeCount), "false"])
        #expect(result.stderr == "-c 2: error: Expected a row number from 1 to 20, got '99'.\n", "the error names the -c it came from")
    }

    @Test(
        "given commands that show different tables, and a post, with --format tsv, then one table per command, each headed, a blank line between them, and the posted comment once"
    )
    func tsvTablePerCommand() async throws {
        let login = "login; email alice@agora.example; password agora-demo; submit"
        let result = try await AgoraProcess.run([
            "--oss", "--format", "tsv", "-c", login, "-c", "open agora://events; stack; routes; open agora://events/1/comments; post hi",
        ])

        #expect(result.status == 0, "\(result.stderr)")
        // awk's paragraph mode: a table a record.
        let tables = result.stdout.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
        #expect(tables.count == 5, "the events, stack, routes, the thread, the post: \(result.stdout)")
        #expect(tables.allSatisfy { $0.first?.hasPrefix("#\tid\t") == true }, "each headed")
        #expect(
            tables.allSatisfy { table in
                table.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == table[0].split(separator: "\t").count }
            })
        #expect(tables[1].first == "#\tid\troute\tviewModel\tcoordinator")
        #expect(tables[2].first == "#\tid\tlink\topens")
        let post = try #require(tables.last)
        #expect(post.count == 2, "the header and the posted comment, once, as it ended: \(post)")
        #expect(post.last?.hasPrefix("1\t") == true && post.last?.contains("\thi\t\tposted\ttrue") == true, "\(post)")
    }

    @Test(
        "given the activity feed and `timing on` with --format json, then an activity row has its kind, actor and event id, and the record its time as a number of milliseconds"
    )
    func activityRowsAndTimingAreData() async throws {
        let result = try await AgoraProcess.run([
            "--oss", "--format", "json", "-c", "login; email alice@agora.example; password agora-demo; submit; timing on; open agora://activities",
        ])

        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(try records(result.stdout).last)
        #expect(last["timingMs"] is Double || last["timingMs"] is Int, "\(last)")
        #expect((last["messages"] as? [String])?.contains { $0.hasPrefix("Time:") } == false, "\(last)")
        let rows = try #require(last["rows"] as? [[String: Any]])
        let commented = try #require(rows.first { $0["kind"] as? String == "commented" }, "\(rows)")
        #expect((commented["actor"] as? String)?.isEmpty == false)
        #expect(commented["eventId"] is Int)
        #expect(commented["id"] is Int)
    }

    @Test("given `stack` with --format tsv, then its header has one `#` column, the row's number, and each row as many fields as the header")
    func stackInTSVNumbersRowsOnce() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "tsv", "-c", "open agora://events; open 1; stack"])

        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.last { $0.first == "#" && $0.contains("viewModel") }, "\(result.stdout)")
        #expect(header.filter { $0 == "#" }.count == 1, "\(header)")
        let rows = lines.drop { $0 != header }.dropFirst()
        #expect(rows.map(\.first) == ["1", "2"], "\(result.stdout)")
        #expect(rows.allSatisfy { $0.count == header.count }, "\(result.stdout)")
    }

    @Test("given a format agora does not know, then it refuses naming the choices")
    func unknownFormat() async throws {
        let result = try await AgoraProcess.run(["--oss", "--format", "xml", "-c", "whoami"])

        #expect(result.status != 0)
        #expect(result.stderr.contains("xml"), "\(result.stderr)")
        #expect(result.stderr.contains("table") && result.stderr.contains("json") && result.stderr.contains("tsv"), "\(result.stderr)")
    }
}
