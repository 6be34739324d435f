import AgoraModels

/// agora-server's API, as live mode asks it: one client for one contract (`openapi.yaml`).
///
/// No UseCase sees it: each feature declares a service of its own (`EventsService`,
/// `CommentsService` …), answered in OSS mode by its mock over `MockService`'s world and in live
/// mode by its live service (`LiveEventsService`), the one place a feature asks this.
/// `LiveService` implements it over HTTP. Every failure is a ``ServiceError``.
///
/// The API keeps no session: a request that needs one takes the ``AccessToken`` explicitly, so
/// who is asking is visible at every call site and a test can ask as anyone.
///
/// Requests run on the caller's actor (a screen's work, on the main actor), as every nonisolated
/// `async` function in Agora does, rather than hopping to the global pool first; one that waits
/// (HTTP) leaves the caller's actor where it waits, and a conformer whose methods are
/// `@concurrent` runs them on the pool, as `LiveService` does with its encoding and decoding.
public protocol ServiceType: Sendable {
    // MARK: Auth

    /// Checks an email and a password; an account with two-factor authentication answers with a
    /// challenge instead of a session.
    func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome
    /// Answers a two-factor challenge with the code the user received.
    func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session
    /// Sends the code of a pending challenge again.
    func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError)
    /// Ends the session on the server; the token stops working.
    func logout(_ token: AccessToken) async throws(ServiceError)

    // MARK: Events

    /// Upcoming events, soonest first, one page at a time; with a token, each
    /// ``Event/isGoing`` says whether that user is going.
    func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event>
    /// One event by id; with a token, ``Event/isGoing`` says whether that user is going.
    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event
    /// Says whether the token's user is going to an event; answers the updated event.
    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event

    // MARK: Comments

    /// An event's comments, newest first, one keyset page at a time.
    func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment>
    /// Posts a comment as the token's user.
    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment
    /// Deletes one of the token's user's own comments.
    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError)

    // MARK: Activities

    /// The token's user's feed, newest first, one keyset page at a time.
    func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity>
}

extension ServiceType {
    /// Upcoming events as anyone sees them, with no session.
    public func fetchEvents(_ request: EventsRequest) async throws(ServiceError) -> Page<Event> {
        try await fetchEvents(request, viewer: nil)
    }

    /// One event as anyone sees it, with no session.
    public func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event {
        try await fetchEvent(id: id, viewer: nil)
    }
}
