import AgoraArchitecture
import AgoraCache
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import Events
@testable import EventsREPL

@MainActor
@Suite("Events coordinators and plugin")
struct EventsCoordinatorTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    let dependency: EventsListViewModel.Dependency
    let detailDependency: EventDetailViewModel.Dependency

    init() {
        let cache = InMemoryListCache<Event>()
        dependency = .init(
            fetcher: EventsFetcherSpy(expecting: [.eventsPages], cache: cache), loader: CacheLoader(expecting: [.events(.upcoming)], cache: cache),
            sessions: .test(),
            environment: .test())
        detailDependency = .init(
            fetcher: EventsFetcherSpy(expecting: [.event], cache: cache), loader: CacheLoader(expecting: [.event], cache: cache),
            rsvp: RSVPSpy(expecting: [], cache: cache), sessions: .test(),
            environment: .test()
        )
    }

    @Test("the list coordinator sends a tapped row to that event's route")
    func listOpensDetail() async throws {
        let coordinator = EventsListCoordinator(dependency: dependency, navigator: navigator)
        let screen = try EventsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()

        try screen.perform("open", arguments: ["4"])

        #expect(navigator.opened == [.event(id: 4)])
    }

    @Test("the detail coordinator sends `comments` to the event's comments route")
    func detailOpensComments() throws {
        let coordinator = EventDetailCoordinator(eventID: 9, dependency: detailDependency, navigator: navigator)
        let screen = try EventsScreens().show(coordinator.start(), on: console)

        try screen.perform("comments", arguments: [])

        #expect(navigator.opened == [.eventComments(eventID: 9)])
    }

    @Test("the detail coordinator sends an RSVP made while logged out to the login route")
    func detailOpensLogin() async throws {
        let coordinator = EventDetailCoordinator(eventID: 9, dependency: detailDependency, navigator: navigator)
        let screen = try EventsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()

        try screen.perform("rsvp", arguments: [])

        #expect(navigator.opened == [.login])
    }

    @Test("the detail screen refuses an RSVP that is neither yes nor no, naming both")
    func badRSVP() throws {
        let screen = try EventsScreens().show(EventDetailCoordinator(eventID: 9, dependency: detailDependency, navigator: navigator).start(), on: console)

        #expect(throws: CommandError("`rsvp` takes 'yes' or 'no', got 'maybe'.")) {
            try screen.perform("rsvp", arguments: ["maybe"])
        }
        #expect(navigator.opened.isEmpty)
    }

    @Test("the plugin owns the list and detail routes, not the others")
    func pluginRoutes() {
        let plugin = EventsPlugin()
        #expect(plugin.handles(.events))
        #expect(plugin.handles(.event(id: 1)))
        #expect(!plugin.handles(.eventComments(eventID: 1)))
        #expect(!plugin.handles(Route(path: "activities")))
        #expect(!plugin.handles(.login))
    }

    @Test("the list screen refuses a row that is not on screen, naming the range")
    func badRow() async throws {
        let screen = try EventsScreens().show(EventsListCoordinator(dependency: dependency, navigator: navigator).start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()

        #expect(throws: CommandError("Expected a row number from 1 to 20, got '21'.")) {
            try screen.perform("open", arguments: ["21"])
        }
        #expect(navigator.opened.isEmpty)
    }

    @Test("given a first load that failed, when `more` is typed, then it says nothing is loaded and how to load, not that all 0 are shown")
    func moreAfterFailedLoad() async throws {
        let cache = InMemoryListCache<Event>()
        let fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        fetcher.plan.fail(request: 0, with: .offline)
        let coordinator = EventsListCoordinator(
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.events(.upcoming)], cache: cache), sessions: .test(), environment: .test()),
            navigator: navigator
        )
        let screen = try EventsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        console.clear()

        try screen.perform("more", arguments: [])

        #expect(console.lines == ["Nothing is loaded yet: `refresh` loads the first page."])
    }
}
