import AgoraAPI
import AgoraModels
import Foundation
import Synchronization

/// What users change in OSS mode — sessions, pending two-factor logins, posted and deleted
/// comments, RSVPs — kept for the life of the process on top of the immutable ``MockData``.
///
/// Tokens are `oss.<user id>.<random>` and are accepted until logged out, so an OSS session
/// saved to disk still works after the REPL restarts. This is a mock: anyone can forge one.
///
/// A class behind a lock rather than an actor: every answer is a few dictionary look-ups, and
/// an actor's methods run on its own executor, so a request made on the main actor (a screen's)
/// would hop to the pool and back, two cross-thread wake-ups. Its methods are
/// synchronous; ``MockService`` awaits only its simulated latency.
public final class MockBackend: Sendable {
    public let data: MockData
    private let state: Mutex<MockBackendState>
    /// Who follows which event's changes: every session of a process that shares the backend.
    let followers = MockChangeFollowers<Event.ID, EventChange>()
    /// The followers of each member's own changes (their answers, their feed's entries).
    let memberFollowers = MockChangeFollowers<User.ID, MemberChange>()
    /// What the features' own mocks keep, one value per type (``featureState(_:make:)``).
    private let featureStates = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    public init(data: MockData, now: @escaping @Sendable () -> Date = { Date() }) {
        self.data = data
        state = Mutex(MockBackendState(data: data, now: now))
    }

    /// What a feature's own mock keeps for the life of the process (a vote, a bookmark): one
    /// value of each type, made by `make` the first time it is asked for, then the same for every
    /// session that shares this backend, as a server's table would be.
    ///
    ///     let votes = mock.backend.featureState(PollVotes.self) { PollVotes() }
    public func featureState<State: AnyObject & Sendable>(_ type: State.Type, make: () -> State) -> State {
        featureStates.withLock { states in
            if let kept = states[ObjectIdentifier(type)] as? State { return kept }
            let made = make()
            states[ObjectIdentifier(type)] = made
            return made
        }
    }

    /// How many times each challenge's code was sent again.
    public var resentCodes: [TwoFactorChallenge.ID: Int] { state.withLock { $0.resentCodes } }

    /// The member a token belongs to, or `.unauthorized`.
    public func user(for token: AccessToken) throws(ServiceError) -> User {
        try state.withLock { state throws(ServiceError) in try state.user(for: token) }
    }

    /// Checks an email and a password against the fixtures' members, as agora-server does.
    public func login(_ credentials: LoginCredentials) throws(ServiceError) -> LoginOutcome {
        try state.withLock { state throws(ServiceError) in try state.login(credentials) }
    }

    /// Answers a pending two-factor challenge with its code.
    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) throws(ServiceError) -> Session {
        try state.withLock { state throws(ServiceError) in try state.verifyTwoFactor(challenge, code: code) }
    }

    /// Sends a pending challenge's code again (counted in ``resentCodes``).
    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) throws(ServiceError) {
        try state.withLock { state throws(ServiceError) in try state.resendTwoFactorCode(challenge) }
    }

    /// Ends a session: its token stops working.
    public func logout(_ token: AccessToken) throws(ServiceError) {
        try state.withLock { state throws(ServiceError) in try state.logout(token) }
    }

    /// A page of upcoming events, soonest first, as `viewer` sees them.
    public func eventsPage(_ request: EventsRequest, viewer: AccessToken?) throws(ServiceError) -> Page<Event> {
        try state.withLock { state throws(ServiceError) in try state.eventsPage(request, viewer: viewer) }
    }

    /// One event as `viewer` sees it.
    public func event(id: Event.ID, viewer: AccessToken?) throws(ServiceError) -> Event {
        try state.withLock { state throws(ServiceError) in try state.event(id: id, viewer: viewer) }
    }

    /// Records whether the token's member goes, and tells the event's and the member's
    /// followers, as agora-server does.
    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) throws(ServiceError) -> Event {
        let (event, seenByAnyone, userID, feedChanges) = try state.withLock { state throws(ServiceError) in
            let event = try state.rsvp(eventID: eventID, going: going, token: token)
            return (event, try state.event(id: eventID, viewer: nil), try state.user(for: token).id, state.takeFeedChanges())
        }
        followers.tell(.eventChanged(seenByAnyone), about: eventID)
        // The member's other sessions hear their answer, as agora-server tells them, and the
        // host hears of their guest.
        memberFollowers.tell(.answered(event), about: userID)
        tell(feedChanges)
        return event
    }

    /// A page of an event's comments, newest first.
    public func commentsPage(_ request: CommentsRequest) throws(ServiceError) -> Page<Comment> {
        try state.withLock { state throws(ServiceError) in try state.commentsPage(request) }
    }

    /// Posts a comment as the token's member (once per draft id), and tells the event's
    /// followers and the feeds it enters.
    public func postComment(_ draft: CommentDraft, token: AccessToken) throws(ServiceError) -> Comment {
        let (comment, isNew, event, feedChanges) = try state.withLock { state throws(ServiceError) in
            let (comment, isNew) = try state.postComment(draft, token: token)
            return (comment, isNew, try? state.event(id: comment.eventID, viewer: nil), state.takeFeedChanges())
        }
        if isNew {
            followers.tell(.commentPosted(comment), about: comment.eventID)
            // Its event has one comment more, as agora-server tells it.
            if let event { followers.tell(.eventChanged(event), about: comment.eventID) }
        }
        tell(feedChanges)
        return comment
    }

    /// Deletes one of the token's member's comments, and tells the event's followers and the
    /// feeds it leaves.
    public func deleteComment(id: Comment.ID, token: AccessToken) throws(ServiceError) {
        let (eventID, event, feedChanges) = try state.withLock { state throws(ServiceError) in
            let eventID = try state.deleteComment(id: id, token: token)
            return (eventID, try? state.event(id: eventID, viewer: nil), state.takeFeedChanges())
        }
        followers.tell(.commentDeleted(id), about: eventID)
        if let event { followers.tell(.eventChanged(event), about: eventID) }
        tell(feedChanges)
    }

    /// Tells each member's followers what came into or left their feed, in order, once the
    /// backend's lock is let go.
    private func tell(_ feedChanges: [(member: User.ID, change: MemberChange)]) {
        for (member, change) in feedChanges { memberFollowers.tell(change, about: member) }
    }

    /// A page of the token's member's feed, newest first.
    public func activitiesPage(_ request: ActivitiesRequest, token: AccessToken) throws(ServiceError) -> Page<Activity> {
        try state.withLock { state throws(ServiceError) in try state.activitiesPage(request, token: token) }
    }

    /// "bob@agora.example" → "b••@agora.example".
    static func mask(_ email: String) -> String {
        guard let at = email.firstIndex(of: "@"), at > email.startIndex, let first = email.first else { return email }
        let name = email[..<at]
        return "\(first)\(String(repeating: "•", count: max(name.count - 1, 1)))\(email[at...])"
    }
}
