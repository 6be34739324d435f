import Activities
import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraChildProcess
import AgoraMocks
import AgoraModels
import AgoraREPL
import Foundation
import Testing

@testable import AgoraApp

@MainActor
@Suite("What concerns the logged-in member follows them to every device")
struct MemberChangesFollowedTests {
    @Test(
        "given Alice logged in on two apps of one process (OSS mode, one world) and an event cached on the first, when she answers on the second, then the first's cached event says so and its host hears it; when she logs out on the first, then it follows her no more"
    )
    func anAnswerOnAnotherDeviceReachesTheCache() async throws {
        let mock = MockService()
        let configuration = AppConfiguration(mode: .oss, mockService: mock)
        let laptop = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let phone = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let laptopService = try AppServices(laptop.container)
        let phoneService = try AppServices(phone.container)
        let onLaptop = try await Self.session(of: "alice@agora.example", on: laptopService)
        let onPhone = try await Self.session(of: "alice@agora.example", on: phoneService)
        laptop.sessions.begin(onLaptop)
        #expect(mock.backend.followingMemberStreams == 1, "the laptop follows Alice once she is logged in")
        let heard = Latest<[MemberChange]>([])
        laptop.onMemberChange { change in Task { @MainActor in heard.value.append(change) } }

        let events = try laptop.container.resolve((any ListCache<Event>).self)
        let cached = try await laptopService.events.fetchEvents(EventsRequest(limit: 50), viewer: onLaptop.token).items
        let event = try #require(cached.first { $0.hostID != onLaptop.user.id }, "an event Alice does not host")
        await events.store(event)
        let shown = Latest<Event?>(nil)
        let observation = await events.observeItem(id: event.id) { shown.value = $0 }

        let answered = try await phoneService.events.rsvp(eventID: event.id, going: !event.isGoing, token: onPhone.token)

        try await shown.until { $0?.isGoing == !event.isGoing }
        #expect(shown.value == answered, "the event as she sees it")
        try await heard.until { $0 == [.answered(answered)] }
        observation.cancel()

        laptop.sessions.end()
        try await Self.until("no stream is left once she logged out") { mock.backend.followingMemberStreams == 0 }
    }

    @Test("given an app configured not to follow the member, when someone logs in, then no stream of theirs is opened")
    func followingTheMemberCanBeOff() async throws {
        var configuration = AppConfiguration(mode: .oss)
        configuration.followsMemberChanges = false
        let app = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let service = try AppServices(app.container)
        app.sessions.begin(try await Self.session(of: "alice@agora.example", on: service))
        #expect(configuration.mockService.backend.followingMemberStreams == 0)
    }

    @Test(
        "given an app that follows the member only while watched, when Alice logs in, then no stream is open; when watched, one is; when nobody watches, it stays through the linger (watched again within it, the same one goes on) and then goes"
    )
    func followingWhileWatched() async throws {
        var configuration = AppConfiguration(mode: .oss)
        configuration.followsMemberChangesWhileWatched = true
        configuration.changesLinger = .milliseconds(200)
        let backend = configuration.mockService.backend
        let app = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let service = try AppServices(app.container)
        app.sessions.begin(try await Self.session(of: "alice@agora.example", on: service))
        #expect(backend.followingMemberStreams == 0, "logged in, but nobody watches")

        app.setWatched(true)
        #expect(backend.followingMemberStreams == 1)

        app.setWatched(false)
        app.setWatched(true)
        try await Task.sleep(for: .milliseconds(400))
        #expect(backend.followingMemberStreams == 1, "watched again within the linger: the stream went on")

        app.setWatched(false)
        #expect(backend.followingMemberStreams == 1, "it lingers")
        try await Self.until("the stream goes once the linger is over") { backend.followingMemberStreams == 0 }

        app.setWatched(true)
        app.sessions.end()
        try await Self.until("no stream is left once she logged out, watched or not") { backend.followingMemberStreams == 0 }
    }

    @Test(
        "given Alice's feed cached by an app that follows her only while watched, when Carol comments on an event Alice goes to while nobody watches, then nothing is told; when watched again, then the feed's first page is loaded again with the entry, and the host hears that changes were missed"
    )
    func watchedAgainCatchesUp() async throws {
        var configuration = AppConfiguration(mode: .oss)
        configuration.followsMemberChangesWhileWatched = true
        configuration.changesLinger = .zero
        let mock = configuration.mockService
        let app = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let service = try AppServices(app.container)
        let alice = try await Self.session(of: "alice@agora.example", on: service)
        app.sessions.begin(alice)
        let heard = Latest<[MemberChange]>([])
        app.onMemberChange { change in Task { @MainActor in heard.value.append(change) } }
        let feed = try app.container.resolve((any ListCache<Activity>).self)
        let list = ActivitiesUseCase.list(for: alice.user.id)
        await feed.replace(list, with: try await service.activities.fetchActivities(ActivitiesRequest(), token: alice.token).items)
        app.setWatched(true)
        app.setWatched(false)
        try await Self.until("nobody watches") { mock.backend.followingMemberStreams == 0 }
        let event = try #require(
            mock.backend.data.events.first { $0.hostID != 3 && mock.backend.data.attends(userID: alice.user.id, eventID: $0.id) })
        let carol = try await Self.session(of: "carol@agora.example", on: service)

        let comment = try await service.comments.postComment(CommentDraft(eventID: event.id, body: "Who brings the projector?"), token: carol.token)
        #expect(await feed.items(in: list).contains { $0.commentID == comment.id } == false, "nobody watched: nothing was told")
        app.setWatched(true)

        try await heard.until { $0 == [.missedSome] }
        #expect(await feed.items(in: list).contains { $0.commentID == comment.id })
    }

    /// Returns once `condition` holds, looking every few milliseconds; fails past the hang bound.
    private static func until(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + Hang.bound
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("never: \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private static func session(of email: String, on service: AppServices) async throws -> Session {
        let outcome = try await service.auth.login(LoginCredentials(email: email, password: MockData.demoPassword))
        guard case .loggedIn(let session) = outcome else { throw Unexpected.challenge }
        return session
    }

    private enum Unexpected: Error { case challenge }
}
