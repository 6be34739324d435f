import AgoraAPI
import AgoraMocks
import AgoraModels
import Comments
import Events
import Foundation
import Synchronization
import Testing

@Suite("MockService: auth, RSVP, comments and activities through the backend")
struct MockBackendTests {
    let service = MockService(data: fixtures, now: { referenceDate })

    func login(_ email: String) async throws -> Session {
        guard case .loggedIn(let session) = try service.backend.login(LoginCredentials(email: email, password: MockData.demoPassword)) else {
            throw ServiceError.invalidCredentials
        }
        return session
    }

    @Test("given Alice's password, when she logs in, then she gets a session; a wrong password is refused")
    func loginAlice() async throws {
        let session = try await login("Alice@Agora.example ")
        #expect(session.user == fixtures.users[0])
        #expect(throws: ServiceError.invalidCredentials) {
            try service.backend.login(LoginCredentials(email: "alice@agora.example", password: "nope"))
        }
        #expect(throws: ServiceError.invalidCredentials) {
            try service.backend.login(LoginCredentials(email: "nobody@agora.example", password: MockData.demoPassword))
        }
    }

    @Test("given Bob's password, when he logs in, then a challenge comes; only 424242 answers it, once")
    func loginBob() async throws {
        let outcome = try service.backend.login(LoginCredentials(email: "bob@agora.example", password: MockData.demoPassword))
        guard case .twoFactorRequired(let challenge) = outcome else {
            Issue.record("expected a challenge, got \(outcome)")
            return
        }
        #expect(challenge.destination == "b••@agora.example")
        #expect(throws: ServiceError.invalidTwoFactorCode) { try service.backend.verifyTwoFactor(challenge.id, code: "000000") }
        try service.backend.resendTwoFactorCode(challenge.id)
        let session = try service.backend.verifyTwoFactor(challenge.id, code: MockData.twoFactorCode)
        #expect(session.user == fixtures.users[1])
        #expect(throws: ServiceError.invalidTwoFactorCode) {
            try service.backend.verifyTwoFactor(challenge.id, code: MockData.twoFactorCode)
        }
    }

    @Test("given a session, when logged out, then its token stops working")
    func logout() async throws {
        let session = try await login("alice@agora.example")
        try service.backend.logout(session.token)
        #expect(throws: ServiceError.unauthorized) { try service.backend.postComment(CommentDraft(eventID: 1, body: "hi"), token: session.token) }
        #expect(throws: ServiceError.unauthorized) { try service.backend.activitiesPage(ActivitiesRequest(), token: AccessToken("forged")) }
    }

    @Test("given Alice, when she RSVPs to an event, then its count goes up and she is going; no takes it back")
    func rsvp() async throws {
        let session = try await login("alice@agora.example")
        let before = try service.backend.event(id: 7, viewer: session.token)
        #expect(!before.isGoing)

        let going = try service.backend.rsvp(eventID: 7, going: true, token: session.token)
        #expect(going.isGoing && going.attendeeCount == before.attendeeCount + 1)
        #expect(try service.backend.event(id: 7, viewer: session.token).isGoing)
        #expect(try service.backend.event(id: 7, viewer: nil).isGoing == false)

        let notGoing = try service.backend.rsvp(eventID: 7, going: false, token: session.token)
        #expect(!notGoing.isGoing && notGoing.attendeeCount == before.attendeeCount)
    }

    @Test(
        "given event 7, then its own answer names who goes by the fixture, the highest id first; Alice's RSVP puts her first and her cancel takes her out; a list names the same"
    )
    func attendees() async throws {
        let session = try await login("alice@agora.example")
        let fixtureIDs = fixtures.users.map(\.id).sorted(by: >).filter { fixtures.attends(userID: $0, eventID: 7) }
        #expect(!fixtureIDs.isEmpty && !fixtureIDs.contains(1))

        #expect(try service.backend.event(id: 7, viewer: nil).attendees?.map(\.id) == fixtureIDs)
        let going = try service.backend.rsvp(eventID: 7, going: true, token: session.token)
        #expect(going.attendees?.map(\.id) == Array(([1] + fixtureIDs).prefix(5)))
        #expect(going.attendees?.first?.name == "Alice Martin")
        #expect(try service.backend.event(id: 7, viewer: nil).attendees?.first?.id == 1, "everyone sees her")
        let cancelled = try service.backend.rsvp(eventID: 7, going: false, token: session.token)
        #expect(cancelled.attendees?.map(\.id) == fixtureIDs)

        let list = try service.backend.eventsPage(EventsRequest(), viewer: nil).items
        #expect(list.first { $0.id == 7 }?.attendees?.map(\.id) == fixtureIDs, "every copy is whole")
        #expect(list.allSatisfy { $0.attendees?.isEmpty == false }, "every event has its host at least")
    }

    @Test("given Alice going to event 7, when she lists the events, then only her list says so; a token that no longer works gets anyone's list")
    func listShowsTheViewersRSVPs() async throws {
        let session = try await login("alice@agora.example")
        _ = try service.backend.rsvp(eventID: 7, going: true, token: session.token)

        let hers = try service.backend.eventsPage(EventsRequest(), viewer: session.token).items
        let anyones = try service.backend.eventsPage(EventsRequest(), viewer: nil).items
        try service.backend.logout(session.token)
        let afterLogout = try service.backend.eventsPage(EventsRequest(), viewer: session.token).items

        #expect(hers.map(\.isGoing) == hers.map { fixtures.attends(userID: 1, eventID: $0.id) || $0.id == 7 })
        #expect(hers.contains { $0.isGoing })
        #expect(!anyones.contains { $0.isGoing })
        #expect(afterLogout == anyones)
        #expect(hers.map(\.attendeeCount) == anyones.map(\.attendeeCount))
    }

    @Test("given Alice, when she posts, then the comment leads the thread and the event counts it; she can delete it")
    func postAndDelete() async throws {
        let session = try await login("alice@agora.example")
        let comment = try service.backend.postComment(CommentDraft(eventID: 3, body: "  See you there  "), token: session.token)
        #expect(comment.body == "See you there")
        #expect(comment.author == Author(session.user))
        #expect(try service.backend.commentsPage(CommentsRequest(eventID: 3)).items.first == comment)
        #expect(try service.backend.event(id: 3, viewer: nil).commentCount == fixtures.commentCount(eventID: 3) + 1)

        try service.backend.deleteComment(id: comment.id, token: session.token)
        #expect(try service.backend.commentsPage(CommentsRequest(eventID: 3)).items.first != comment)
        #expect(try service.backend.event(id: 3, viewer: nil).commentCount == fixtures.commentCount(eventID: 3))
        #expect(throws: ServiceError.notFound("comment \(comment.id)")) {
            try service.backend.deleteComment(id: comment.id, token: session.token)
        }
    }

    @Test("given another member's comment, when Alice deletes it, then it is forbidden and stays")
    func deleteOthers() async throws {
        let session = try await login("alice@agora.example")
        let page = try service.backend.commentsPage(CommentsRequest(eventID: 1, limit: 50))
        let others = try #require(page.items.first { $0.author.id != 1 })

        #expect(throws: ServiceError.forbidden("delete another member's comment")) {
            try service.backend.deleteComment(id: others.id, token: session.token)
        }
        #expect(try service.backend.commentsPage(CommentsRequest(eventID: 1, limit: 50)).items.contains(others))
    }

    @Test("given empty or over-long text, when posted, then the body field is refused")
    func postValidation() async throws {
        let session = try await login("alice@agora.example")
        #expect(throws: ServiceError.invalidInput(field: "body", reason: "a comment needs some text")) {
            try service.backend.postComment(CommentDraft(eventID: 1, body: " \n "), token: session.token)
        }
        #expect(throws: ServiceError.invalidInput(field: "body", reason: "at most 2000 characters, got 2001")) {
            try service.backend.postComment(CommentDraft(eventID: 1, body: String(repeating: "a", count: 2_001)), token: session.token)
        }
    }

    @Test("given an endpoint set to fail once, when called twice, then it fails and then answers from the fixtures")
    func failingOnce() async throws {
        let service = MockCommentsService(mock: MockService(data: fixtures), fetchComments: .failingOnce(with: .offline))
        await #expect(throws: ServiceError.offline) { try await service.fetchComments(CommentsRequest(eventID: 1)) }
        #expect(try await service.fetchComments(CommentsRequest(eventID: 1)).items.count == 20)
    }

    @Test("given a posted comment, when the same client id is posted again by its author, then the same comment answers and the thread has it once")
    func repeatedClientIDPostsOnce() async throws {
        let session = try await login("alice@agora.example")
        let draft = CommentDraft(eventID: 3, body: "Only once, please", clientID: "client-1")

        let first = try service.backend.postComment(draft, token: session.token)
        let again = try service.backend.postComment(draft, token: session.token)

        #expect(again == first)
        let thread = try service.backend.commentsPage(CommentsRequest(eventID: 3, limit: 50)).items
        #expect(thread.filter { $0.body == "Only once, please" }.count == 1)
        #expect(try service.backend.event(id: 3, viewer: nil).commentCount == fixtures.commentCount(eventID: 3) + 1)
    }

    @Test("given a client id Alice used, when Bob posts with it, then his is a comment of its own; a new client id is a new comment")
    func clientIDBelongsToItsAuthor() async throws {
        let alice = try await login("alice@agora.example")
        let carol = try await login("carol@agora.example")
        let fromAlice = try service.backend.postComment(CommentDraft(eventID: 3, body: "Same words", clientID: "shared"), token: alice.token)

        let fromCarol = try service.backend.postComment(CommentDraft(eventID: 3, body: "Same words", clientID: "shared"), token: carol.token)
        let aliceAgain = try service.backend.postComment(CommentDraft(eventID: 3, body: "Same words", clientID: "another"), token: alice.token)

        #expect(fromCarol.id != fromAlice.id)
        #expect(fromCarol.author == Author(carol.user))
        #expect(aliceAgain.id != fromAlice.id)
    }

    @Test("given a post whose answer is lost once, then the server has the comment though the client heard offline; the retry gets the same comment")
    func lostAnswer() async throws {
        let service = MockCommentsService(mock: MockService(data: fixtures, now: { referenceDate }), postComment: .losingAnswerOnce(with: .offline))
        guard case .loggedIn(let session) = try service.mock.backend.login(LoginCredentials(email: "alice@agora.example", password: MockData.demoPassword))
        else {
            throw ServiceError.invalidCredentials
        }
        let draft = CommentDraft(eventID: 3, body: "Did it arrive?")

        await #expect(throws: ServiceError.offline) { try await service.postComment(draft, token: session.token) }
        let onServer = try await service.fetchComments(CommentsRequest(eventID: 3)).items.first
        let retried = try await service.postComment(draft, token: session.token)

        #expect(onServer?.body == "Did it arrive?")
        #expect(retried == onServer)
    }

    @Test("given a forwarding endpoint, when called, then the backend does the work and the closure decides the answer")
    func forwardingSeesTheBackendsAnswer() async throws {
        let service = MockEventsService(
            mock: MockService(data: fixtures),
            fetchEvent: .forwarding { answer in
                answer.map { event in
                    var renamed = event
                    renamed.title = "Seen: \(event.title)"
                    return renamed
                }
            })

        #expect(try await service.fetchEvent(id: 1).title == "Seen: \(fixtures.events[0].title)")
        await #expect(throws: ServiceError.notFound("event 999")) { try await service.fetchEvent(id: 999) }
    }

    @Test("given a feature's own mock state, when two services share a backend and a third has its own, then the two see one value and the third another")
    func featureStateIsOnePerBackend() {
        final class Votes: Sendable {
            let count = Mutex(0)
        }
        let shared = MockService(data: fixtures)
        let sameWorld = shared
        let otherWorld = MockService(data: fixtures)

        shared.backend.featureState(Votes.self) { Votes() }.count.withLock { $0 += 1 }
        let seenInSameWorld = sameWorld.backend.featureState(Votes.self) { Votes() }.count.withLock { $0 }
        let seenElsewhere = otherWorld.backend.featureState(Votes.self) { Votes() }.count.withLock { $0 }

        #expect(seenInSameWorld == 1, "made once, then kept")
        #expect(seenElsewhere == 0, "another backend, another world")
    }
}
