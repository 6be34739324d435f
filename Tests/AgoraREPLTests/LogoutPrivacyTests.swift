import Activities
import AgoraApp
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraREPL
import AgoraTestSupport
import Auth
import Comments
import Events
import Synchronization
import Testing

/// What one user leaves on a shared machine: a logout clears what agora kept for them, whether
/// or not the server could be told, so the next person to log in sees nothing of theirs, not
/// even in the copy a screen shows before the server answers.
@MainActor
@Suite("Logout privacy: the next user sees nothing of the previous one")
struct LogoutPrivacyTests {
    /// Whether the mock server answers; a test takes it away and brings it back.
    final class Server: Sendable {
        private let isReachable = Mutex(true)

        var reachable: Bool {
            get { isReachable.withLock { $0 } }
            set { isReachable.withLock { $0 = newValue } }
        }

        /// How an endpoint answers: as the fixtures do while the server is there, `offline`
        /// while it is not.
        func endpoint<Request: Sendable, Response: Sendable>() -> MockEndpoint<Request, Response> {
            .forwarding { [self] answer in reachable ? answer : .failure(.offline) }
        }
    }

    let console = BufferConsole()
    let server = Server()
    let session: REPLSession

    init() throws {
        var configuration = Transcript.configuration
        configuration.overrides = { [server] container in
            container.register((any AuthService).self) { resolver in try MockAuthService(mock: resolver.resolve(), logout: server.endpoint()) }
            container.register((any EventsService).self) { resolver in
                try MockEventsService(mock: resolver.resolve(), fetchEvents: server.endpoint(), fetchEvent: server.endpoint())
            }
            container.register((any CommentsService).self) { resolver in
                try MockCommentsService(mock: resolver.resolve(), fetchComments: server.endpoint())
            }
            container.register((any ActivitiesService).self) { resolver in
                try MockActivitiesService(mock: resolver.resolve(), fetchActivities: server.endpoint())
            }
        }
        session = try REPLSession(configuration: configuration, console: console)
    }

    /// Runs `lines` and returns what they printed.
    @discardableResult
    func run(_ lines: String...) async -> [String] {
        let before = console.lines.count
        for line in lines { _ = await session.execute(line) }
        return Array(console.lines.dropFirst(before))
    }

    func logIn(_ email: String) async {
        await run("login", "email \(email)", "password \(MockData.demoPassword)", "submit")
    }

    @Test(
        "given Alice is going to an event and the server cannot be reached, when she logs out and Carol logs in, then Carol's first view of the event shows no RSVP"
    )
    func unreachedLogoutLeavesNoRSVP() async {
        await logIn("alice@agora.example")
        let going = await run("open agora://events/2", "rsvp")
        #expect(going.contains { $0.contains("(you're going)") }, "the premise: Alice's RSVP shows")

        server.reachable = false
        let logout = await run("logout")
        // The login itself gets through; the event requests still fail, so the screen shows
        // only the copy the cache kept.
        #expect(logout.contains { $0.hasPrefix("Logged out here; the server could not be told") })
        await logIn("carol@agora.example")
        let carolsView = await run("open agora://events/2")

        #expect(carolsView.contains { $0.hasPrefix("  Going") }, "the cached copy is shown: \(carolsView)")
        #expect(!carolsView.contains { $0.contains("(you're going)") }, "\(carolsView)")
    }

    @Test("given Alice's feed and RSVP are cached, when her logout reaches the server or not, then neither is left in the cache", arguments: [true, false])
    func everyLogoutClearsTheCache(_ reached: Bool) async throws {
        await logIn("alice@agora.example")
        await run("open agora://activities", "open agora://events/2", "rsvp")
        let container = session.application.container
        let activities = try container.resolve((any ListCache<Activity>).self)
        let events = try container.resolve((any ListCache<Event>).self)
        let alice = try #require(MockData.test.users.first)
        #expect(await !activities.items(in: "activities/\(alice.id)").isEmpty, "the premise: her feed is cached")
        #expect(await events.item(id: 2)?.isGoing == true, "the premise: her RSVP is cached")

        server.reachable = reached
        await run("logout")

        #expect(await activities.items(in: "activities/\(alice.id)").isEmpty)
        #expect(await events.item(id: 2)?.isGoing == false)
        #expect(await events.item(id: 2) != nil, "the event itself stays: it is everyone's")
    }
}
