import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// `inputs`, `send`, input and request tracing, `container`, `resolve`, `plugins`, and trace
/// events as JSON: for any feature, with no per-feature code in the REPL.
@MainActor
@Suite("Watching the architecture: inputs, send, container, resolve, plugins")
struct ExplorerCommandsTests {
    let console = BufferConsole()
    let session: REPLSession
    let traced = EventLog()

    init() throws {
        session = try .tracing(into: traced, console: console)
    }

    @Test(
        "given every feature's screens, when `inputs`, then each lists its ViewModel's whole table: every screen declares one, and says what sends each input and no other"
    )
    func everyScreenDeclaresInputs() async throws {
        for link in ["agora://events", "agora://events/1", "agora://events/1/comments", "agora://activities", "agora://login"] {
            _ = await session.execute("open \(link)")
            let screen = try #require(session.screens.top?.screen)
            console.clear()

            let outcome = await session.execute("inputs")

            let traced = try #require(ViewInspection.tracedInputs(of: screen), "\(type(of: screen)) sends through no traced inputs")
            let declared = try #require(DeclaredInput.inputs(of: traced), "\(type(of: screen)) declares no inputs")
            #expect(outcome == .succeeded, "\(link)")
            let takesRow = declared.contains { $0.parameters.contains { $0.label == "row" } }
            let namesRow = declared.contains { $0.parameters.first?.label == "id" }
            #expect(
                console.lines.count == declared.count + 2 + (takesRow ? 1 : 0) + (namesRow ? 1 : 0),
                "a title, a header, a row per input, how rows count, that rows are named by id:\n\(console.text)")
            let unsent = declared.map(\.name).filter { screen.inputSenders[$0] == nil }
            #expect(unsent.isEmpty, "\(link): the screen says what in the REPL sends every input but \(unsent)")
            // The kit's words for what every screen or list does are shared, whatever inputs the
            // ViewModel has; a screen's own must each name one of its ViewModel's inputs.
            let undeclared = screen.inputSenders.keys.filter { name in InputSenders.list[name] == nil && !declared.contains { $0.name == name } }
            #expect(undeclared.isEmpty, "\(link): the screen says what sends \(undeclared.sorted()), which its ViewModel has no input for (misspelt?)")
            #expect(console.lines.contains { $0.hasPrefix("Rows are counted from 0") } == takesRow, "\(console.text)")
            #expect(console.lines.last?.hasPrefix("A row is named by its id") == namesRow, "\(console.text)")
            #expect(declared.contains { $0.name == "viewDidLoad" } || link == "agora://login" || declared.contains { $0.name.hasSuffix("Tapped") })
        }
    }

    @Test(
        "given an event at 40 columns, when `inspect`, then the value it cut with … is cut at the edge, not wrapped; when `inspect event`, then every field is shown whole, wrapped, none cut"
    )
    func inspectOneOutputWhole() async throws {
        // Given an event whose summary is wider than the terminal
        let narrow = BufferConsole(width: 40)
        let session = try REPLSession(configuration: Transcript.configuration, console: narrow)
        _ = await session.execute("open agora://events/1")
        narrow.clear()
        _ = await session.execute("inspect")
        let eventIndex = try #require(narrow.lines.firstIndex { $0.hasPrefix("  event ") })
        let event = narrow.lines[eventIndex]
        #expect(TextWidth.of(event) == 40 && event.contains("EventDetail"), "\(narrow.text)")
        #expect(narrow.lines[eventIndex + 1].hasPrefix("  isLoading "), "no wrapped piece of the cut value under it: \(narrow.text)")
        narrow.clear()

        // When one output is inspected
        #expect(await session.execute("inspect event") == .succeeded)

        // Then no line is wider than the terminal, none ends cut, and the summary reads whole
        #expect(narrow.lines.first == "event: EventDetail")
        #expect(narrow.lines.allSatisfy { TextWidth.of($0) <= 40 && !$0.hasSuffix("…") }, "\(narrow.text)")
        #expect(event.hasSuffix("…"), "the overview cuts it")
        let summary = narrow.lines.drop { !$0.hasPrefix("  summary: ") }.prefix { !$0.hasPrefix("  venue: ") }
        let joined = summary.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.hasPrefix("summary: \"Hummingbird, Vapor"), "\(narrow.text)")
        #expect(joined.hasSuffix("\""), "the summary ends whole: \(joined)")
    }

    @Test("given a list, when `inspect list.rows`, then each row is listed from 0, a field a line")
    func inspectListRows() async throws {
        _ = await session.execute("open agora://events")
        console.clear()

        #expect(await session.execute("inspect list.rows") == .succeeded)

        #expect(console.lines.first == "list.rows: 20 items")
        #expect(console.lines.contains("  [0]: EventRow"))
        #expect(console.lines.contains("  [19]: EventRow"))
        #expect(console.lines.contains("    title: \"Swift on the Server\""))
    }

    @Test("given the events list, when `send willDisplayRow 19 20`, then the next page is loaded as by `more`")
    func sendLoadsNextPage() async throws {
        _ = await session.execute("open agora://events")
        let list = try #require(session.application.coordinator.top?.viewModel)
        #expect(ViewModelInspection.sources(of: list).first { $0.name == "list.rows" }?.source.summary == "20 items")

        let outcome = await session.execute("send willDisplayRow 19 20")

        #expect(outcome == .succeeded)
        #expect(ViewModelInspection.sources(of: list).first { $0.name == "list.rows" }?.source.summary == "40 items")
        #expect(console.lines.contains("Sent EventsListViewModel.willDisplayRow(19, 20)."))
        #expect(console.lines.last?.hasPrefix("40  ") == true, "the screen shows the new page as for `more`")
    }

    @Test(
        "given a wrong argument, a wrong count or an unknown input, when sent, then one line says what was expected and nothing is called",
        arguments: [
            ("send willDisplayRow x 20", #"error: The first argument of `willDisplayRow` must be an Int (whole number), not "x"."#),
            ("send willDisplayRow 19 y", #"error: The second argument of `willDisplayRow` must be an Int (whole number), not "y"."#),
            ("send willDisplayRow 19", "error: `willDisplayRow` takes 2 arguments (row: Int, outOf: Int), got 1."),
            ("send refresh now", "error: `refresh` takes no arguments, got 1."),
            ("send reload", "error: EventsListViewModel has no input 'reload'; its inputs: viewDidLoad, refresh, willDisplayRow, viewDidReappear, rowTapped."),
        ])
    func sendRefusals(line: String, message: String) async throws {
        _ = await session.execute("open agora://events")
        _ = await session.execute("trace on")

        let outcome = await session.execute(line)

        #expect(outcome == .failed)
        #expect(console.lines.last == message)
        #expect(!traced.entries.contains { $0.hasPrefix("input ") }, "nothing was sent")
    }

    @Test(
        "given trace on, when a screen command sends an input, then the input and its arguments come before the outputs it causes, and the request before its answer's outputs"
    )
    func inputsAndRequestsTraced() async throws {
        _ = await session.execute("open agora://events")
        _ = await session.execute("trace on")

        _ = await session.execute("more")

        let lines = traced.entries
        let input = try #require(lines.firstIndex(of: "input EventsListViewModel.willDisplayRow(19, 20)"), "\(lines)")
        let loading = try #require(lines.firstIndex(of: "output EventsListViewModel.list.paginator.isLoading = true"))
        let request = try #require(lines.firstIndex { $0.hasPrefix("request fetchEvents (mock, ") && $0.hasSuffix(") 20 items") }, "\(lines)")
        let rows = try #require(lines.firstIndex(of: "output EventsListViewModel.list.rows = 40 items"))
        #expect(input < loading && loading < request && request < rows)
    }

    @Test("given trace on, when a page and an event are loaded, then each cache write is traced with what was written, after the request that fetched it")
    func cacheWritesTraced() async throws {
        _ = await session.execute("open agora://events")
        _ = await session.execute("trace on")

        _ = await session.execute("more")
        _ = await session.execute("open 1")

        let lines = traced.entries
        let request = try #require(lines.firstIndex { $0.hasPrefix("request fetchEvents (mock, ") }, "\(lines)")
        let append = try #require(lines.firstIndex { $0.hasPrefix("cache Event: append to events (20 items) (") && $0.hasSuffix(" ms)") }, "\(lines)")
        #expect(request < append)
        #expect(lines.contains { $0.hasPrefix("cache Event: store 1 (") }, "the event's detail, fetched alone, is stored: \(lines)")
    }

    @Test("given trace off, when a page is loaded, then no cache write is traced")
    func cacheWritesNotTracedWhenOff() async throws {
        _ = await session.execute("open agora://events")
        _ = await session.execute("trace on")
        _ = await session.execute("trace off")

        _ = await session.execute("more")

        #expect(!traced.entries.contains { $0.hasPrefix("cache ") }, "\(traced.entries)")
    }

    @Test("given trace on, when a password is typed on the login screen, then its input is traced without it")
    func secretsNotTraced() async throws {
        _ = await session.execute("open agora://login")
        _ = await session.execute("trace on")

        _ = await session.execute("password hunter2-secret")

        #expect(traced.entries.contains("input LoginViewModel.passwordChanged((hidden))"), "\(traced.entries)")
        #expect(!traced.entries.joined().contains("hunter2"))
    }

    @Test("given --format json, when traced, then each event is one JSON object with its kind, subject and value")
    func traceAsJSON() async throws {
        session.explorer.traceFormat = .json
        var lines: [String] = []
        session.explorer.traceWriter = { lines.append($0) }

        _ = await session.execute("trace on")
        _ = await session.execute("open agora://events")

        #expect(lines.first?.hasPrefix(#"{"atMs":"#) == true)
        #expect(lines.contains { $0.contains(#""kind":"input""#) && $0.contains(#""subject":"EventsListViewModel.viewDidLoad""#) })
        #expect(lines.contains { $0.contains(#""kind":"request""#) && $0.contains(#""mode":"mock""#) && $0.contains(#""durationMs":"#) })
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") && !$0.contains("\n") })
    }

    @Test("given the events list opened, when `container`, then its registrations are grouped by assembly, the ones it resolved marked")
    func container() async throws {
        _ = await session.execute("open agora://events")
        console.clear()

        _ = await session.execute("container")

        let text = console.lines
        let events = try #require(text.firstIndex(of: "EventsAssembly (5):"), "\(console.text)")
        let comments = try #require(text.firstIndex(of: "CommentsAssembly (6):"))
        #expect(text.firstIndex(of: "MockServicesAssembly (3):").map { $0 < events } == true, "the app's assemblies first")
        func row(_ name: String) -> [Substring]? {
            text.first { line in line.split(separator: " ").first.map { String($0) } == name }?.split(separator: " ")
        }
        #expect(row("EventsUseCase") == ["EventsUseCase", "container", "yes"])
        #expect(row("CommentsUseCase") == ["CommentsUseCase", "container", "no"])
        #expect(events < comments)
    }

    @Test(
        "given a registered type, when `resolve`, then its path depth first with scope, new or shared, and durations; an unknown one is refused with a suggestion"
    )
    func resolve() async throws {
        _ = await session.execute("resolve EventsFetchable")
        #expect(console.lines.first?.hasPrefix("Resolved EventsFetchable in ") == true)
        #expect(
            console.lines.dropFirst().dropLast().map { $0.replacing(#/, [\d.]+ ms\)/#, with: ")") } == [
                "EventsFetchable  (the shared EventsUseCase)",
                "  EventsUseCase  (container, new)",
                "    EventsService  (container, new)",
                "      ServiceMode  (instance, shared)",
                "      MockService  (instance, shared)",
                "      ServiceRequestTrace  (instance, shared)",
                "    ListCache<Event>  (container, new)",
            ])
        #expect(console.lines.last?.hasPrefix("Scopes: transient = a new one each resolve; container = ") == true, "the legend ends it")
        console.clear()

        let outcome = await session.execute("resolve EventUseCase")

        #expect(outcome == .failed)
        #expect(console.lines == ["error: No registration for 'EventUseCase'. Did you mean 'EventsUseCase'? `container` lists them."])
    }

    @Test("when `plugins`, then each plugin with its links, its registrations and the plugins it needs")
    func plugins() async throws {
        _ = await session.execute("plugins")

        let rows = console.lines.map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first == ["Plugin", "Links", "Registrations", "Needs"])
        #expect(rows.contains(["Comments", "agora://events/42/comments", "6", "Auth"]))
        #expect(rows.contains(["Auth", "agora://login", "2", "-"]))
    }

    @Test(
        "given the app's registrations and links, when `container`, `resolve`, `plugins` and `routes` name them, then each type and link is written one way: as `resolve` takes it and `routes` shows it"
    )
    func oneWayToWriteATypeAndALink() async throws {
        _ = await session.execute("container")
        let listing = console.text
        for name in session.completionTable.candidates(line: "resolve ", wordStart: 8) {
            #expect(listing.contains("  \(name)  "), "`container` writes \(name) as `resolve` completes it:\n\(listing)")
        }
        #expect(!listing.contains("any ") && !listing.contains(" == "), "\(listing)")
        console.clear()
        _ = await session.execute("resolve ListCache<Event>")
        #expect(console.lines.first?.hasPrefix("Resolved ListCache<Event> in ") == true, "\(console.text)")
        console.clear()

        _ = await session.execute("routes")
        let routeLinks = Set(console.lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) })
        console.clear()
        _ = await session.execute("plugins")
        let pluginLinks = Set(console.lines.dropFirst().flatMap { $0.split(separator: " ").filter { $0.hasPrefix("agora://") }.map(String.init) })
        #expect(pluginLinks == routeLinks, "`plugins` writes each link as `routes` does")
    }

    @Test("given only Comments and what it needs, when the app starts, then `plugins` and `routes` show only them")
    func oneFeature() async throws {
        let alone = try REPLSession(configuration: Transcript.configuration, console: console, features: FeatureSelection.features(named: "Comments"))
        console.clear()

        _ = await alone.execute("plugins")
        let opened = await alone.execute("open agora://events")

        #expect(console.lines.dropFirst().prefix(2).compactMap { line in line.split(separator: " ").first.map { String($0) } } == ["Auth", "Comments"])
        #expect(opened == .failed)
    }
}

extension ExplorerCommandsTests {
    @Test("given the login screen, when a password is sent, then the line is not kept in history and the password is not shown back")
    func secretInputs() async throws {
        _ = await session.execute("open agora://login")

        #expect(!session.mayRemember("send passwordChanged hunter2"))
        #expect(!session.mayRemember("SEND codechanged 123456"))
        #expect(session.mayRemember("send emailChanged alice@agora.example"))
        let outcome = await session.execute("send passwordChanged hunter2")

        #expect(outcome == .succeeded)
        #expect(console.lines.last == "Sent LoginViewModel.passwordChanged((hidden)).")
        #expect(!console.text.contains("hunter2"))
    }

    @Test("given trace on, when an input is sent by name, then it is traced as a screen's input is, a password hidden, before the outputs it causes")
    func sentInputsTraced() async throws {
        _ = await session.execute("open agora://login")
        _ = await session.execute("trace on")

        _ = await session.execute("send emailChanged alice@agora.example")
        _ = await session.execute("send passwordChanged hunter2-secret")

        let lines = traced.entries
        let email = try #require(lines.firstIndex(of: #"input LoginViewModel.emailChanged("alice@agora.example")"#), "\(lines)")
        let password = try #require(lines.firstIndex(of: "input LoginViewModel.passwordChanged((hidden))"), "\(lines)")
        let valid = try #require(lines.firstIndex(of: "output LoginViewModel.isFormValid = true"), "\(lines)")
        #expect(email < password && password < valid)
        #expect(!lines.joined().contains("hunter2"))
    }
}
