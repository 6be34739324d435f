import AgoraApp
import AgoraREPL
import AgoraTestSupport
import Testing

/// `trace`, `stack` and `inspect`: the architecture at work, for every feature, with nothing
/// declared by the features.
@MainActor
@Suite("Watching the architecture: trace, stack, inspect")
struct ArchitectureExplorerTests {
    let console = BufferConsole()
    let session: REPLSession
    let traced = EventLog()

    init() throws {
        session = try .tracing(into: traced, console: console)
    }

    @Test("given trace on, when the list opens, pages and a row is opened, then the outputs, the navigation event and the stack change are traced in order")
    func traceInOrder() async throws {
        for line in ["trace on", "open agora://events", "more", "open 1"] { _ = await session.execute(line) }

        let lines = traced.entries
        func index(_ text: String) throws -> Int {
            try #require(lines.firstIndex(of: text), "no '\(text)' in:\n\(lines.joined(separator: "\n"))")
        }
        let listShown = try index("stack: events (EventsListViewModel)")
        let firstPage = try index("output EventsListViewModel.list.rows = 20 items")
        let secondPage = try index("output EventsListViewModel.list.rows = 40 items")
        let tapped = try index("signal EventsListViewModel.showRoute: agora://events/1")
        let pushed = try index("stack: events (EventsListViewModel) > events/1 (EventDetailViewModel)")
        let detail = try #require(lines.firstIndex { $0.hasPrefix("output EventDetailViewModel.event = ") })
        #expect(lines.first == "tracing on")
        #expect([listShown, firstPage, secondPage, tapped, pushed, detail] == [listShown, firstPage, secondPage, tapped, pushed, detail].sorted())
        #expect(!console.text.contains("[trace"), "traces stay off standard output")
    }

    @Test("given trace off, then nothing more is traced; an argument other than on or off is refused")
    func traceOff() async throws {
        _ = await session.execute("trace on")
        _ = await session.execute("trace off")
        let before = traced.entries.count

        _ = await session.execute("open agora://events")
        let outcome = await session.execute("trace loud")

        #expect(traced.entries.count == before)
        #expect(traced.entries.last == "tracing off")
        #expect(outcome == .failed)
        #expect(console.lines.last == "error: `trace` takes 'on' or 'off', got 'loud'.")
    }

    @Test("given two screens, when `stack`, then each route with its ViewModel and coordinator, bottom first")
    func stack() async throws {
        _ = await session.execute("open agora://events")
        _ = await session.execute("open 2")
        console.clear()

        _ = await session.execute("stack")

        #expect(console.lines.count == 3)
        #expect(
            console.lines[1].split(separator: " ", omittingEmptySubsequences: true) == ["1", "agora://events", "EventsListViewModel", "EventsListCoordinator"])
        #expect(
            console.lines[2].split(separator: " ", omittingEmptySubsequences: true) == [
                "2", "agora://events/2", "EventDetailViewModel", "EventDetailCoordinator",
            ])
    }

    @Test("given the comments screen, when `inspect`, then its ViewModel, its outputs' values and its signals, found with nothing declared by Comments")
    func inspect() async throws {
        let empty = await session.execute("inspect")
        #expect(empty == .failed)
        _ = await session.execute("open agora://events/2/comments")
        console.clear()

        _ = await session.execute("inspect")

        let text = console.text
        #expect(console.lines.first == "CommentsViewModel at agora://events/2/comments, work idle")
        #expect(text.contains("  list.rows "), "\(text)")
        #expect(text.contains("20 items"), "\(text)")
        #expect(text.contains("  isPostButtonEnabled "), "\(text)")
        #expect(text.contains("Signals (last value):"), "\(text)")
        #expect(text.contains("  showError "), "\(text)")
    }
}
