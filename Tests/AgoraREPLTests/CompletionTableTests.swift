import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@MainActor
@Suite("TAB completion follows the screen")
struct CompletionTableTests {
    @Test("at the start of a line: the commands; after `open`: rows and routes; after `help`: commands")
    func candidates() async throws {
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        #expect(
            session.completionTable.commands == [
                "login", "logout", "whoami", "open", "back", "edit", "env", "help", "quit", "timing", "output", "format", "pager", "trace", "stack", "inspect",
                "inputs", "send",
                "routes",
                "container", "resolve", "plugins",
            ])

        _ = await session.execute("open agora://events")
        let table = session.completionTable
        #expect(
            table.commands == [
                "more", "refresh", "open", "login", "logout", "whoami", "back", "edit", "env", "help", "quit", "timing", "output", "format", "pager", "trace",
                "stack",
                "inspect",
                "inputs",
                "send", "routes", "container", "resolve", "plugins",
            ])
        #expect(
            table.candidates(line: "send ", wordStart: 5) == ["viewDidLoad", "refresh", "willDisplayRow", "viewDidReappear", "rowTapped"],
            "the top ViewModel's inputs")
        #expect(table.candidates(line: "", wordStart: 0) == table.commands)
        let openArguments = table.candidates(line: "open ", wordStart: 5)
        #expect(openArguments.prefix(3) == ["1", "2", "3"])
        #expect(openArguments.contains("agora://events"))
        #expect(table.candidates(line: "help m", wordStart: 5).contains("more"))
        #expect(table.candidates(line: "open 1 ", wordStart: 7).isEmpty)
        #expect(table.candidates(line: "timing ", wordStart: 7) == ["on", "off"])
        #expect(table.candidates(line: "format ", wordStart: 7) == ["table", "json", "tsv"])
    }

    @Test(
        "after `open`, a link being typed completes by the plugins' patterns, ids taken from what was typed",
        arguments: [
            ("agora://events/7/", ["agora://events/7/comments"]),
            ("agora://events/7", ["agora://events/7", "agora://events/7/comments"]),
            ("agora://ac", ["agora://activities"]),
            ("agora://ev", ["agora://events", "agora://events/going", "agora://events/"]),
            ("agora://events/x/", []),
            ("https://", []),
        ])
    func linkCompletion(word: String, expected: [String]) throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())
        let line = "open \(word)"
        let candidates = session.completionTable.candidates(line: line, wordStart: 5).filter { $0.hasPrefix(word) }
        #expect(candidates == expected)
    }

    @Test(
        "given the upcoming events shown and cached, when `open agora://events/` and part of an id are completed, then the cached events' ids are offered beside the place without one; before any was shown, that place alone"
    )
    func cachedEventIDsCompleteALink() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())
        await session.readLinkIDs()
        let links = { (table: CompletionTable, word: String) in
            table.candidates(line: "open \(word)", wordStart: 5).filter { $0.hasPrefix(word) }
        }
        #expect(links(session.completionTable, "agora://events/") == ["agora://events/going"], "no event is cached yet")

        _ = await session.execute("open agora://events")
        _ = await session.execute("back")
        await session.readLinkIDs()
        let table = session.completionTable

        let afterSlash = links(table, "agora://events/").filter { $0 != "agora://events/going" }
        #expect(afterSlash.prefix(3) == ["agora://events/1", "agora://events/2", "agora://events/3"], "\(afterSlash)")
        #expect(afterSlash.count == 20, "one link per cached event, each once: \(afterSlash)")
        let afterOne = links(table, "agora://events/1")
        #expect(afterOne.contains("agora://events/1/comments"))
        #expect(afterOne.contains("agora://events/13"))
        #expect(!afterOne.contains("agora://events/2"), "only ids that begin as typed: \(afterOne)")
    }

    @Test("after `resolve`: every registered type, each one word that `resolve` takes as it is")
    func resolveCompletion() async throws {
        // Given a session with every feature
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)

        // When TAB is pressed after `resolve`
        let candidates = session.completionTable.candidates(line: "resolve ", wordStart: 8)

        // Then the registered types are offered, without spaces, generic ones by their element
        #expect(candidates.contains("EventsUseCase"))
        #expect(candidates.contains("EventsFetchable"))
        #expect(candidates.contains("ListCache<Event>"))
        #expect(candidates.contains("Outbox<OutgoingComment>"))
        #expect(candidates.allSatisfy { !$0.contains(" ") })
        #expect(session.completionTable.candidates(line: "resolve ", wordStart: 8).filter { $0.hasPrefix("EventsR") } == ["EventsRSVPing"])
        // And each resolves as completed
        for candidate in candidates {
            console.clear()
            #expect(await session.execute("resolve \(candidate)") == .succeeded, "resolve \(candidate): \(console.text)")
        }
    }

    @Test("after `help`: the commands here, then other screens' commands and the aliases, each once")
    func helpTopicCompletion() throws {
        // Given a session on no screen
        let session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())

        // When TAB is pressed after `help`
        let topics = session.completionTable.candidates(line: "help ", wordStart: 5)

        // Then every topic `help` explains is offered once: here, elsewhere (`rsvp`, `post`), aliases
        #expect(topics.prefix(3) == ["login", "logout", "whoami"])
        for topic in ["open", "rsvp", "post", "more", "email", "exit", "status", "resolve", "timing"] {
            #expect(topics.contains(topic), "\(topic) is a help topic")
        }
        #expect(Set(topics).count == topics.count)
        #expect(session.completionTable.candidates(line: "help rs", wordStart: 5).filter { $0.hasPrefix("rs") } == ["rsvp"])
    }

    @Test("after `inspect`: the top ViewModel's outputs and signals")
    func inspectCompletion() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())
        #expect(session.completionTable.candidates(line: "inspect ", wordStart: 8).isEmpty, "no screen, nothing to inspect")
        _ = await session.execute("open agora://events/3")
        let names = session.completionTable.candidates(line: "inspect ", wordStart: 8)
        #expect(names.contains("event"))
        #expect(names.contains("isLoading"))
        #expect(names.contains("showError"))
    }

    @Test("the prompt shows the mode and where the user is")
    func prompt() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())
        #expect(session.prompt == "oss> ")
        _ = await session.execute("open agora://events/42")
        #expect(session.prompt == "oss events/42> ")
    }
}
