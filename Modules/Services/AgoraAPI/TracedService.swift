import AgoraModels

/// A ``ServiceType`` that reports each request of the one it wraps to a ``ServiceRequestTrace``:
/// how the app watches its requests, mock or live alike, with no code in the services or the
/// features. The app registers its service wrapped in one.
public struct TracedService: ServiceType {
    /// The service that answers.
    public let base: any ServiceType
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any ServiceType, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    // MARK: Auth

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await trace.run("login", mode: mode, summary: { _ in "answered" }) { () throws(ServiceError) in try await base.login(credentials) }
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await trace.run("verifyTwoFactor", mode: mode, summary: { _ in "session" }) { () throws(ServiceError) in
            try await base.verifyTwoFactor(challenge, code: code)
        }
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await trace.run("resendTwoFactorCode", mode: mode, summary: Self.done) { () throws(ServiceError) in try await base.resendTwoFactorCode(challenge) }
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        try await trace.run("logout", mode: mode, summary: Self.done) { () throws(ServiceError) in try await base.logout(token) }
    }

    // MARK: Events

    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        try await trace.run("fetchEvents", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchEvents(request, viewer: viewer)
        }
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try await trace.run("fetchEvent \(id)", mode: mode, summary: { "event \($0.id)" }) { () throws(ServiceError) in
            try await base.fetchEvent(id: id, viewer: viewer)
        }
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try await trace.run("rsvp \(eventID)", mode: mode, summary: { "going: \($0.isGoing)" }) { () throws(ServiceError) in
            try await base.rsvp(eventID: eventID, going: going, token: token)
        }
    }

    // MARK: Comments

    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        try await trace.run("fetchComments", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchComments(request)
        }
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        try await trace.run("postComment", mode: mode, summary: { "comment \($0.id)" }) { () throws(ServiceError) in
            try await base.postComment(draft, token: token)
        }
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await trace.run("deleteComment \(id)", mode: mode, summary: Self.done) { () throws(ServiceError) in
            try await base.deleteComment(id: id, token: token)
        }
    }

    // MARK: Activities

    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        try await trace.run("fetchActivities", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchActivities(request, token: token)
        }
    }

    // MARK: Summaries

    private static func done(_: Void) -> String { "done" }
}
