import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import Comments
@testable import CommentsREPL

@MainActor
@Suite("Comments coordinator and plugin")
struct CommentsCoordinatorTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    let world = CommentsWorld()

    func dependency(sessions: SessionStore = .test()) -> CommentsViewModel.Dependency {
        world.dependency(sessions: sessions)
    }

    @Test("given the comments screen, when `event`, then the coordinator opens the event's route")
    func eventOpensEventRoute() throws {
        let coordinator = CommentsCoordinator(eventID: 9, dependency: dependency(), navigator: navigator)
        let screen = try CommentsScreens().show(coordinator.start(), on: console)

        try withExtendedLifetime(coordinator) {
            try screen.perform("event", arguments: [])
        }

        #expect(navigator.opened == [.event(id: 9)])
    }

    @Test("given logged out, when `post`, then the coordinator opens the login route and nothing is sent")
    func postOpensLogin() async throws {
        let coordinator = CommentsCoordinator(eventID: 1, dependency: dependency(), navigator: navigator)
        let screen = try CommentsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()

        try withExtendedLifetime(coordinator) {
            try screen.perform("post", arguments: ["Hello"])
        }
        await screen.work.waitUntilIdle()

        #expect(navigator.opened == [.login])
        #expect(world.changes.requests.isEmpty)
    }

    @Test("the plugin owns exactly the event-comments route")
    func pluginRoutes() {
        let plugin = CommentsPlugin()
        #expect(plugin.name == "Comments")
        #expect(plugin.handles(.eventComments(eventID: 1)))
        #expect(plugin.handles(.eventComments(eventID: 42)))
        #expect(!plugin.handles(Route(path: "events")))
        #expect(!plugin.handles(.event(id: 1)))
        #expect(!plugin.handles(Route(path: "activities")))
        #expect(!plugin.handles(.login))
    }

    @Test("the link agora://events/<id>/comments is the plugin's route")
    func linkIsPluginRoute() throws {
        let route = try #require(Route(url: "agora://events/7/comments"))
        #expect(route == .eventComments(eventID: 7))
        #expect(CommentsPlugin().handles(route))
    }

    @Test("the plugin builds a working comments screen from the container, and refuses other routes")
    func pluginMakesCoordinator() async throws {
        let container = Container()
        let service = MockCommentsService.comments()
        let sessions = SessionStore.test()
        container.register((any ListCache<Comment>).self, scope: .container) { _ in InMemoryListCache<Comment>() }
        container.register((any ListCache<Event>).self, scope: .container) { _ in InMemoryListCache<Event>() }
        container.register((any Outbox<OutgoingComment>).self, scope: .container) { _ in InMemoryOutbox<OutgoingComment>() }
        container.register(SessionStore.self) { _ in sessions }
        container.register(AgoraEnvironment.self) { _ in AgoraEnvironment.test() }
        let plugin = CommentsPlugin()
        plugin.assembly.assemble(container: container)
        container.register((any CommentsService).self) { _ in service }
        let context = FeatureContext(resolver: container, navigator: navigator)

        let screen = try CommentsScreens().show(try plugin.makeCoordinator(for: .eventComments(eventID: 2), context: context).start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()

        #expect(console.lines.count == 2 + 20, "a title, the column titles and 20 rows")
        #expect(throws: NavigationError.noFeature(Route(path: "events"))) {
            try plugin.makeCoordinator(for: Route(path: "events"), context: context)
        }
    }
}
