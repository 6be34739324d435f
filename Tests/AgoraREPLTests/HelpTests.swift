import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// `help` finds every command of every screen, however it is spelled, and says where a command
/// of another screen works; the REPL learns them from the plugins, not from a list of its own.
@MainActor
@Suite("Finding your way with help")
struct HelpTests {
    let console = BufferConsole()
    let session: REPLSession

    init() throws {
        session = try REPLSession(configuration: Transcript.configuration, console: console)
    }

    func output(_ line: String) async -> (CommandOutcome, String) {
        console.clear()
        let outcome = await session.execute(line)
        return (outcome, console.text)
    }

    @Test("given any screen, when help is typed as help, ?, HELP or Help, then each lists the same commands", arguments: ["?", "HELP", "Help", "hElP"])
    func spellings(_ spelling: String) async {
        _ = await session.execute("open agora://events")
        let (_, expected) = await output("help")

        let (outcome, text) = await output(spelling)

        #expect(outcome == .succeeded)
        #expect(text == expected)
    }

    @Test("given the activity feed, when help is typed, then `login` is listed once, under the feed, and `edit` is not among the shell settings")
    func eachCommandOnce() async {
        _ = await session.execute("open agora://activities")

        let (_, text) = await output("help")

        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  login ") }.count == 1, "\(text)")
        #expect(lines.filter { $0.hasPrefix("  open ") }.count == 2, "`open <row>` and `open <route>` are two commands:\n\(text)")
        let settings = lines.drop { $0 != "Shell settings:" }.prefix { $0 != "Watching the architecture:" }
        #expect(!settings.contains { $0.hasPrefix("  edit") }, "\(text)")
    }

    @Test("given the start, where no event is open, when help rsvp, then it shows rsvp's usage and says it works on an event's screen")
    func otherScreen() async {
        let (outcome, text) = await output("help rsvp")

        #expect(outcome == .succeeded)
        #expect(text.contains("usage: rsvp [yes|no]"))
        #expect(text.contains("works on an event's screen (`open agora://events/42`), not on this screen"), "\(text)")
    }

    @Test("given the start, when help names any command of any plugin's screens, in upper case too, then it is explained")
    func everyCommand() async {
        let names = AgoraPlugins.all.flatMap(\.screenCommandSets).flatMap(\.commands).map(\.name)
        #expect(names.contains("post") && names.contains("code"), "the plugins list their screens' commands")

        for name in names + names.map({ $0.uppercased() }) {
            let (outcome, text) = await output("help \(name)")
            #expect(outcome == .succeeded, "help \(name): \(text)")
            #expect(text.hasPrefix("usage: \(name.lowercased())"), "help \(name): \(text)")
        }
    }

    @Test("given the events list, when a command of another screen is typed, then the error says where it works")
    func commandElsewhere() async {
        _ = await session.execute("open agora://events")

        let (outcome, text) = await output("rsvp yes")

        #expect(outcome == .failed)
        #expect(text == "error: 'rsvp' is not a command on this screen: it works on an event's screen (`open agora://events/42`). Type `help rsvp` for more.\n")
    }

    @Test("given any screen, when a command word is typed in another letter case, then it runs, and free text after it is kept as typed")
    func commandCase() async throws {
        for line in ["LOGIN", "Email alice@agora.example", "PASSWORD agora-demo", "Submit", "OPEN agora://events/2/comments"] {
            #expect(await session.execute(line) == .succeeded, "\(line): \(console.text)")
        }

        let (outcome, text) = await output("POST Hello IN Capitals")

        #expect(outcome == .succeeded, "\(text)")
        #expect(text.contains(" Hello IN Capitals\n"), "\(text)")
    }

    /// What `help` prints on `link`'s screen on a console `width` columns wide.
    func helpLines(width: Int, on link: String) async throws -> [String] {
        let console = BufferConsole(width: width)
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        _ = await session.execute("open \(link)")
        console.clear()
        _ = await session.execute("help")
        return console.lines
    }

    @Test("given an 80-column console, when help, then no line is wider and a long summary goes on under itself, not at the margin")
    func helpFitsEightyColumns() async throws {
        let lines = try await helpLines(width: 80, on: "agora://events/1/comments")

        let post = try #require(lines.firstIndex { $0.hasPrefix("  post <text…>") })
        let summaryColumn = lines[post].distance(from: lines[post].startIndex, to: try #require(lines[post].range(of: "Post the rest")).lowerBound)
        #expect(lines[post + 1].prefix(summaryColumn).allSatisfy { $0 == " " } && lines[post + 1].dropFirst(summaryColumn).first != " ")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 80 }, "\(lines.joined(separator: "\n"))")
    }

    @Test("given a 40-column console, when help, then each summary goes under its command, and no line is wider")
    func helpFitsFortyColumns() async throws {
        let lines = try await helpLines(width: 40, on: "agora://events")

        #expect(lines.contains("  more"))
        #expect(lines.contains("      Show the next page of events."))
        #expect(lines.allSatisfy { TextWidth.of($0) <= 40 }, "\(lines.joined(separator: "\n"))")
    }
}
