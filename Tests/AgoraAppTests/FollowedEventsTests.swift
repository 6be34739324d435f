import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraREPL
import Comments
import Foundation
import Testing

@testable import AgoraApp

@MainActor
@Suite("Screens follow what other members do")
struct FollowedEventsTests {
    /// Two apps of one process in OSS mode, as two browser sessions of agora-web: one world.
    private static func twoApps(
        changesLinger: Duration = .seconds(10)
    ) throws -> (viewer: AgoraApplication, other: AgoraApplication, backend: MockBackend) {
        let mock = MockService()
        var configuration = AppConfiguration(mode: .oss, mockService: mock)
        configuration.changesLinger = changesLinger
        let viewer = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let other = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        return (viewer, other, mock.backend)
    }

    @Test("given a screen following an event's comments, when another member posts and deletes one, then its cached list gains it on top and loses it again")
    func commentsOfAnotherMemberReachTheCache() async throws {
        let (viewer, other, _) = try Self.twoApps()
        let comments = try viewer.container.resolve((any ListCache<AgoraModels.Comment>).self)
        let shown = Latest<[AgoraModels.Comment]>([])
        let subscription = await comments.observe(CommentsUseCase.list(eventID: 2)) { shown.value = $0 }
        let service = try AppServices(other.container)
        let carol = try await Self.session(of: "carol@agora.example", on: service)

        let posted = try await service.comments.postComment(CommentDraft(eventID: 2, body: "Hello from Carol"), token: carol.token)

        try await shown.until { $0.first?.id == posted.id }
        #expect(shown.value.first?.body == "Hello from Carol")
        try await service.comments.deleteComment(id: posted.id, token: carol.token)
        try await shown.until { !$0.contains { $0.id == posted.id } }
        subscription.cancel()
    }

    @Test("given a screen showing an event, when another member RSVPs, then its cached event has the new count and keeps whether the viewer goes")
    func rsvpOfAnotherMemberReachesTheEvent() async throws {
        let (viewer, other, _) = try Self.twoApps()
        let viewerService = try AppServices(viewer.container)
        let alice = try await Self.session(of: "alice@agora.example", on: viewerService)
        let events = try viewer.container.resolve((any ListCache<Event>).self)
        let before = try await viewerService.events.fetchEvent(id: 2, viewer: alice.token)
        await events.store(before)
        let shown = Latest<Event?>(nil)
        let subscription = await events.observeItem(id: 2) { shown.value = $0 }
        let service = try AppServices(other.container)
        let dmitri = try await Self.session(of: "dmitri@agora.example", on: service)
        let going = !(try await service.events.fetchEvent(id: 2, viewer: dmitri.token)).isGoing

        _ = try await service.events.rsvp(eventID: 2, going: going, token: dmitri.token)

        try await shown.until { $0?.attendeeCount == before.attendeeCount + (going ? 1 : -1) }
        #expect(shown.value?.isGoing == before.isGoing, "the change is the event as a stranger sees it")
        subscription.cancel()
    }

    @Test("given two screens of one event, when both go, then the app follows no event and the backend's stream ends once it has lingered")
    func followingEndsWithTheLastScreen() async throws {
        let (viewer, _, backend) = try Self.twoApps(changesLinger: .milliseconds(50))
        let comments = try viewer.container.resolve((any ListCache<AgoraModels.Comment>).self)
        let events = try viewer.container.resolve((any ListCache<Event>).self)
        let thread = await comments.observe(CommentsUseCase.list(eventID: 3)) { _ in }
        let event = await events.observeItem(id: 3) { _ in }
        let list = await events.observe("events") { _ in }
        #expect(viewer.followedEvents == [3], "one stream for the event, none for the list of events")
        try await Latest(0).until { _ in backend.followingStreams == 1 }

        thread.cancel()
        #expect(viewer.followedEvents == [3], "the event's screen still shows it")
        event.cancel()
        #expect(viewer.followedEvents.isEmpty)
        try await Latest(0).until { _ in backend.followingStreams == 0 }
        list.cancel()
    }

    @Test(
        "given a thread cached as the server has it, when changes may have been missed (a stream opened from now), then loading again is no news and keeps the later pages; after another member's post, it is news"
    )
    func loadingAgainIsNewsOnlyWhenSomethingChanged() async throws {
        let (viewer, _, _) = try Self.twoApps()
        let service = try AppServices(viewer.container)
        let comments = try viewer.container.resolve((any ListCache<AgoraModels.Comment>).self)
        let list = CommentsUseCase.list(eventID: 2)
        let first = try await service.comments.fetchComments(CommentsRequest(eventID: 2))
        let second = try await service.comments.fetchComments(CommentsRequest(eventID: 2, cursor: first.nextCursor))
        await comments.replace(list, with: first.items + second.items)
        let write = EventChangeWrites.comments(service: service.comments)

        #expect(await write(.missedSome, 2, comments) == false, "the cache starts with the first page already")
        #expect(await comments.items(in: list).count == first.items.count + second.items.count, "the later pages stay")

        let carol = try await Self.session(of: "carol@agora.example", on: service)
        let posted = try await service.comments.postComment(CommentDraft(eventID: 2, body: "Posted while nobody listened"), token: carol.token)
        #expect(await write(.missedSome, 2, comments) == true)
        #expect(await comments.items(in: list).first?.id == posted.id)
    }

    @Test("given an app configured to follow nothing, when a screen shows an event's comments, then no stream is opened")
    func followingCanBeOff() async throws {
        var configuration = AppConfiguration(mode: .oss)
        configuration.followsChanges = false
        let app = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let comments = try app.container.resolve((any ListCache<AgoraModels.Comment>).self)
        let thread = await comments.observe(CommentsUseCase.list(eventID: 3)) { _ in }
        #expect(app.followedEvents.isEmpty)
        #expect(configuration.mockService.backend.followingStreams == 0)
        thread.cancel()
    }

    private static func session(of email: String, on service: AppServices) async throws -> Session {
        let outcome = try await service.auth.login(LoginCredentials(email: email, password: MockData.demoPassword))
        guard case .loggedIn(let session) = outcome else { throw Unexpected.challenge }
        return session
    }

    private enum Unexpected: Error { case challenge }
}

/// The latest value a cache handed an observer, and a wait for one that meets a condition.
@MainActor
final class Latest<Value> {
    var value: Value

    init(_ value: Value) { self.value = value }

    /// Returns once `condition` holds, looking every few milliseconds; fails after two minutes,
    /// far past what a busy machine takes, so a change that never comes is a failure, not a hang.
    func until(_ condition: (Value) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        while !condition(value) {
            guard clock.now < deadline else {
                Issue.record("the awaited change never came", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
