import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import Activities
@testable import ActivitiesREPL

@MainActor
@Suite("Activities coordinator and plugin")
struct ActivitiesCoordinatorTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()

    let coordinators = CoordinatorKeeper()

    /// The screen, with its coordinator kept alive by ``coordinators`` (a coordinator lives as
    /// long as someone keeps it; in the app, the navigation stack).
    private func start(fetcher: ActivitiesFetcherSpy? = nil, sessions: SessionStore) async throws -> any Screen {
        let fetcher = fetcher ?? ActivitiesFetcherSpy(expecting: sessions.expectedFeeds)
        let loader = CacheLoader(expecting: sessions.expectedFeeds, cache: fetcher.cache)
        let dependency = ActivitiesViewModel.Dependency(fetcher: fetcher, loader: loader, sessions: sessions, environment: .test())
        let coordinator = ActivitiesCoordinator(dependency: dependency, navigator: navigator)
        coordinators.keep(coordinator)
        let screen = try ActivitiesScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        return screen
    }

    @Test("the coordinator sends a tapped comment to its event's comments and a tapped RSVP to its event, by route")
    func rowsOpenRoutes() async throws {
        let page = [
            Activity.make(id: 1, kind: .commented, minutesAgo: 1, eventID: 11, excerpt: "Hi"),
            Activity.make(id: 2, kind: .rsvped, minutesAgo: 2, eventID: 12),
            Activity.make(id: 3, kind: .startingSoon, minutesAgo: 3, eventID: 13),
        ]
        let screen = try await start(fetcher: ActivitiesFetcherSpy(pages: [page]), sessions: .test(Members.alice))

        try screen.perform("open", arguments: ["1"])
        try screen.perform("open", arguments: ["2"])
        try screen.perform("open", arguments: ["3"])

        #expect(navigator.opened == [.eventComments(eventID: 11), .event(id: 12), .event(id: 13)])
    }

    @Test("the coordinator sends `login` on the logged-out feed to the login route")
    func loginOpensLogin() async throws {
        let screen = try await start(sessions: .test())

        try screen.perform("login", arguments: [])

        #expect(navigator.opened == [.login])
    }

    @Test("the coordinator sends an expired session to the login route")
    func unauthorizedOpensLogin() async throws {
        let fetcher = ActivitiesFetcherSpy(expecting: [Members.alice.user.id])
        fetcher.plan.fail(request: 0, with: .unauthorized)

        _ = try await start(fetcher: fetcher, sessions: .test(Members.alice))

        #expect(navigator.opened == [.login])
        #expect(console.lines.contains("error: \(ServiceError.unauthorized.description)"))
    }

    @Test("the plugin owns the activities route and no other")
    func pluginRoutes() {
        let plugin = ActivitiesPlugin()
        #expect(plugin.name == "Activities")
        #expect(plugin.handles(.activities))
        #expect(!plugin.handles(Route(path: "events")))
        #expect(!plugin.handles(.event(id: 1)))
        #expect(!plugin.handles(.eventComments(eventID: 1)))
        #expect(!plugin.handles(.login))
    }

    @Test("the plugin's assembly resolves both UseCase sides to one shared UseCase and builds the feed's coordinator")
    func pluginWiring() async throws {
        let container = Container()
        let sessions = SessionStore.test(Members.alice)
        let service = MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }
        container.register((any ListCache<Activity>).self, scope: .container) { _ in InMemoryListCache<Activity>() }
        container.register(SessionStore.self) { _ in sessions }
        container.register(AgoraEnvironment.self) { _ in .test() }
        let plugin = ActivitiesPlugin()
        plugin.assembly.assemble(container: container)
        container.register((any ActivitiesService).self) { _ in service }
        try container.validate()

        let fetcher = try container.resolve((any ActivitiesFetchable).self)
        let loader = try container.resolve((any ActivitiesLoadable).self)
        _ = try await fetcher.fetchActivities(after: nil, session: Members.alice)
        let cached = Cached()
        let subscription = await loader.cachedActivities(userID: 1).observe { cached.count = $0.count }
        #expect(cached.count == 20, "the loader shows what the fetcher cached")
        subscription.cancel()

        let context = FeatureContext(resolver: container, navigator: navigator)
        let coordinator = try plugin.makeCoordinator(for: .activities, context: context)
        coordinators.keep(coordinator)
        #expect(coordinator is ActivitiesCoordinator)
        let screen = try ActivitiesScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        #expect(console.lines.first == "Activity for Alice Martin")

        #expect(throws: NavigationError.noFeature(Route(path: "events"))) {
            try plugin.makeCoordinator(for: Route(path: "events"), context: context)
        }
    }
}

@MainActor
@Suite("Activities screen")
struct ActivitiesScreenTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    let coordinators = CoordinatorKeeper()
    private let aliceFeed = MockData.test.activities(for: 1)

    /// The screen, with its coordinator kept alive by the test's ``coordinators``.
    /// The feeds it may ask for are `feeds`, or else the feed of who is logged in at the start.
    private func start(sessions: SessionStore, fetcher: ActivitiesFetcherSpy? = nil, feeds: Set<User.ID>? = nil) async throws -> any Screen {
        let feeds = feeds ?? sessions.expectedFeeds
        let fetcher = fetcher ?? ActivitiesFetcherSpy(expecting: feeds)
        let loader = CacheLoader(expecting: feeds, cache: fetcher.cache)
        let dependency = ActivitiesViewModel.Dependency(fetcher: fetcher, loader: loader, sessions: sessions, environment: .test())
        let coordinator = ActivitiesCoordinator(dependency: dependency, navigator: navigator)
        coordinators.keep(coordinator)
        let screen = try ActivitiesScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        return screen
    }

    @Test("the feed prints whose it is, a header, and one line per activity")
    func printsFeed() async throws {
        _ = try await start(sessions: .test(Members.alice))

        #expect(console.lines.count == 22)
        #expect(console.lines[0] == "Activity for Alice Martin")
        #expect(console.lines[1].hasPrefix(" #  When"))
        #expect(console.lines[1].hasSuffix("What"))
        let first = ActivityRow(activity: aliceFeed[0], environment: .test())
        #expect(console.lines[2].hasPrefix(" 1  \(first.when.text)"))
        #expect(console.lines[2].hasSuffix(first.text))
    }

    @Test("`more` prints only the rows of the new page, aligned with the ones above")
    func morePrintsNewRows() async throws {
        let screen = try await start(sessions: .test(Members.alice))
        console.clear()

        try screen.perform("more", arguments: [])
        await screen.work.waitUntilIdle()

        #expect(console.lines.count == 20)
        #expect(console.lines[0].hasPrefix("21  "))
        #expect(console.lines[0].hasSuffix(ActivityRow(activity: aliceFeed[20], environment: .test()).text))
    }

    @Test("`more` after the last page says all are shown and asks for nothing")
    func moreAtTheEnd() async throws {
        let fetcher = ActivitiesFetcherSpy(pages: [[Activity.make(id: 1, minutesAgo: 1)]])
        let screen = try await start(sessions: .test(Members.alice), fetcher: fetcher)
        console.clear()

        try screen.perform("more", arguments: [])
        await screen.work.waitUntilIdle()

        #expect(console.lines == ["No more activity: all 1 are shown."])
        #expect(fetcher.requests.count == 1)
    }

    @Test("logged out, the screen says how to log in, and `more` says it again")
    func loggedOutMessage() async throws {
        let screen = try await start(sessions: .test())
        #expect(console.lines == [ActivitiesScreen.message(for: .loggedOut)])

        try screen.perform("more", arguments: [])

        #expect(console.lines == [ActivitiesScreen.message(for: .loggedOut), ActivitiesScreen.message(for: .loggedOut)])
    }

    @Test("Frank's empty feed prints the no-activity message")
    func emptyFeedMessage() async throws {
        _ = try await start(sessions: .test(Members.frank))

        #expect(console.lines == [ActivitiesScreen.message(for: .noActivity)])
    }

    @Test("logging in on the screen prints the feed; logging out prints the logged-out message")
    func followsSession() async throws {
        let sessions = SessionStore.test()
        let screen = try await start(sessions: sessions, feeds: [Members.alice.user.id])
        console.clear()

        sessions.begin(Members.alice)
        await screen.work.waitUntilIdle()
        #expect(console.lines.first == "Activity for Alice Martin")
        #expect(console.lines.count == 22)
        console.clear()

        sessions.end()
        #expect(console.lines == [ActivitiesScreen.message(for: .loggedOut)])
    }

    @Test("`login` when logged in says so and opens nothing")
    func loginWhenLoggedIn() async throws {
        let screen = try await start(sessions: .test(Members.alice))
        console.clear()

        try screen.perform("login", arguments: [])

        #expect(console.lines == ["You are already logged in as Alice Martin; to use another account, type `logout` first."])
        #expect(navigator.opened.isEmpty)
    }

    @Test("reappearing prints the feed again, whole")
    func reappearReprints() async throws {
        let screen = try await start(sessions: .test(Members.alice))
        let firstTime = console.lines
        console.clear()

        screen.reappear()

        #expect(console.lines == firstTime)
    }

    @Test("reappearing without the login that was asked for prints the logged-out message once")
    func reappearAfterCancelledLogin() async throws {
        let screen = try await start(sessions: .test())
        try screen.perform("login", arguments: [])
        console.clear()

        screen.reappear()

        #expect(console.lines == [ActivitiesScreen.message(for: .loggedOut)])
        #expect(navigator.opened == [.login])
    }

    @Test("a failed page prints the error and keeps the rows")
    func errorKeepsRows() async throws {
        let fetcher = ActivitiesFetcherSpy(expecting: [Members.alice.user.id])
        fetcher.plan.fail(request: 1, with: .offline)
        let screen = try await start(sessions: .test(Members.alice), fetcher: fetcher)
        console.clear()

        try screen.perform("more", arguments: [])
        await screen.work.waitUntilIdle()

        #expect(console.lines == ["error: \(ServiceError.offline.description)"])
        #expect(screen.completions(forArgumentOf: "open").count == 20)
    }

    @Test("`open` completes to the row numbers on screen; other commands complete to nothing")
    func completions() async throws {
        let screen = try await start(sessions: .test(Members.alice))

        #expect(screen.completions(forArgumentOf: "open") == (1...20).map(String.init))
        #expect(screen.completions(forArgumentOf: "more").isEmpty)
    }

    @Test("`open` refuses a row that is not on screen or not a number, naming the range")
    func badRow() async throws {
        let screen = try await start(sessions: .test(Members.alice))

        #expect(throws: CommandError("Expected a row number from 1 to 20, got '21'.")) {
            try screen.perform("open", arguments: ["21"])
        }
        #expect(throws: CommandError("Expected a row number from 1 to 20, got '0'.")) {
            try screen.perform("open", arguments: ["0"])
        }
        #expect(throws: CommandError("Expected a row number from 1 to 20, got 'first'.")) {
            try screen.perform("open", arguments: ["first"])
        }
        #expect(navigator.opened.isEmpty)
    }

    @Test("`open` on the logged-out feed says there are no rows")
    func openLoggedOut() async throws {
        let screen = try await start(sessions: .test())

        #expect(throws: CommandError("There are no rows to choose from yet.")) {
            try screen.perform("open", arguments: ["1"])
        }
    }

    @Test("a command the screen does not have is refused by name")
    func unknownCommand() async throws {
        let screen = try await start(sessions: .test(Members.alice))

        #expect(throws: CommandError("The activity feed has no command 'rsvp'.")) {
            try screen.perform("rsvp", arguments: [])
        }
        #expect(screen.commands.map(\.name) == ["more", "refresh", "open", "show", "login"])
    }

    @Test("`refresh` loads the first page again and says it is up to date when nothing changed")
    func refreshCommand() async throws {
        let fetcher = ActivitiesFetcherSpy(expecting: [Members.alice.user.id])
        let screen = try await start(sessions: .test(Members.alice), fetcher: fetcher)
        console.clear()

        try screen.perform("refresh", arguments: [])
        await screen.work.waitUntilIdle()

        #expect(fetcher.requestedCursors == [nil, nil])
        #expect(console.lines == ["Up to date: nothing changed since the last load."])
    }
}

/// How many activities an observation showed last.
@MainActor
private final class Cached {
    var count = 0
}
