import AgoraAPI
import AgoraMocks
import AgoraModels
import Foundation
import Testing

/// OSS mode's feeds change as agora-server's do: a comment enters the feed of each member who
/// goes to its event, a guest enters the host's, and each leaves again; the member's stream
/// tells it, and their feed's pages show it. A change never told fails the test at its time
/// limit rather than leaving it waiting.
@Suite("MockService: what comes into and leaves a member's feed, told to their stream", .timeLimit(.minutes(10)))
struct MockFeedChangesTests {
    /// An hour past the fixtures' "today": what this process does is the newest of every feed.
    let service = MockService(data: fixtures, now: { referenceDate.addingTimeInterval(3_600) })

    func login(_ email: String) async throws -> Session {
        guard case .loggedIn(let session) = try service.backend.login(LoginCredentials(email: email, password: MockData.demoPassword)) else {
            throw ServiceError.invalidCredentials
        }
        return session
    }

    func feed(of session: Session) async throws -> [Activity] {
        try service.backend.activitiesPage(ActivitiesRequest(limit: 100), token: session.token).items
    }

    @Test(
        "given Alice following her changes and an event she goes to, when Carol comments on it, then Alice hears the entry and her feed starts with it, while Carol's own stream hears only her answer after it; when Carol deletes it, then it leaves Alice's feed"
    )
    func aCommentEntersTheFeedsOfThoseWhoGo() async throws {
        let alice = try await login("alice@agora.example")
        let carol = try await login("carol@agora.example")
        let event = try #require(
            fixtures.events.first { $0.hostID != alice.user.id && $0.hostID != carol.user.id && fixtures.attends(userID: alice.user.id, eventID: $0.id) })
        var alicesChanges = service.backend.changes(signedInWith: alice.token).makeAsyncIterator()
        var carolsChanges = service.backend.changes(signedInWith: carol.token).makeAsyncIterator()

        let comment = try service.backend.postComment(CommentDraft(eventID: event.id, body: "Who brings the projector?"), token: carol.token)

        let expected = Activity(
            id: comment.id, kind: .commented, occurredAt: comment.createdAt, eventID: event.id, eventTitle: event.title,
            actor: Author(carol.user), commentID: comment.id, excerpt: "Who brings the projector?")
        #expect(await alicesChanges.next() == .feedEntryAdded(expected))
        #expect(try await feed(of: alice).first == expected)
        let answered = try service.backend.rsvp(eventID: event.id, going: true, token: carol.token)
        #expect(await carolsChanges.next() == .answered(answered), "her own comment is not news to her")

        try service.backend.deleteComment(id: comment.id, token: carol.token)

        #expect(await alicesChanges.next() == .feedEntryRemoved(comment.id))
        #expect(try await feed(of: alice).contains { $0.commentID == comment.id } == false)
    }

    @Test(
        "given Alice following her changes and an event she hosts, when Frank goes, goes again and then does not, then each answer's entry replaces his earlier one in her feed and the last takes it away"
    )
    func aGuestEntersTheHostsFeed() async throws {
        let alice = try await login("alice@agora.example")
        let frank = try await login("frank@agora.example")
        let event = try #require(fixtures.events.first { $0.hostID == alice.user.id })
        var alicesChanges = service.backend.changes(signedInWith: alice.token).makeAsyncIterator()

        _ = try service.backend.rsvp(eventID: event.id, going: true, token: frank.token)

        guard case .feedEntryAdded(let first)? = await alicesChanges.next() else { throw Unexpected.change }
        #expect(first.kind == .rsvped && first.actor == Author(frank.user) && first.eventID == event.id)
        #expect(try await feed(of: alice).first == first)

        _ = try service.backend.rsvp(eventID: event.id, going: true, token: frank.token)

        #expect(await alicesChanges.next() == .feedEntryRemoved(first.id))
        guard case .feedEntryAdded(let second)? = await alicesChanges.next() else { throw Unexpected.change }
        #expect(second.id != first.id && second.actor == Author(frank.user))

        _ = try service.backend.rsvp(eventID: event.id, going: false, token: frank.token)

        #expect(await alicesChanges.next() == .feedEntryRemoved(second.id))
        #expect(try await feed(of: alice).contains { $0.actor == Author(frank.user) } == false)
    }

    @Test("given a comment of the fixtures in Alice's feed, when its author deletes it, then Alice hears it leave and her feed no longer has it")
    func aFixtureCommentLeavesTheFeed() async throws {
        let alice = try await login("alice@agora.example")
        let entry = try #require(try await feed(of: alice).first { $0.kind == .commented && $0.actor?.id != 2 }, "not Bob's, who needs a code")
        let authorID = try #require(entry.actor?.id)
        let author = try await login(try #require(fixtures.user(id: authorID)).email)
        var alicesChanges = service.backend.changes(signedInWith: alice.token).makeAsyncIterator()

        try service.backend.deleteComment(id: try #require(entry.commentID), token: author.token)

        #expect(await alicesChanges.next() == .feedEntryRemoved(entry.id))
        #expect(try await feed(of: alice).contains(entry) == false)
    }

    private enum Unexpected: Error { case change }
}
