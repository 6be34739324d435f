import AgoraAPI
import AgoraModels
import Foundation

/// The OSS-mode ``ServiceType``: deterministic data, no network, every endpoint configurable.
///
/// By default every endpoint answers from ``MockData`` and the state users changed in its
/// ``MockBackend``; a test sets the one it cares about:
///
///     MockService(fetchEvents: .failure(.offline))
///     MockService(fetchEvent: .success(.template))
///     MockService(postComment: .failingOnce(with: .offline))
///
/// `latency` delays every answer on the injected clock, so the REPL can show slow work and tests
/// can drive time with a test clock instead of sleeping.
public struct MockService: ServiceType {
    public var backend: MockBackend
    public var login: MockEndpoint<LoginCredentials, LoginOutcome>
    public var verifyTwoFactor: MockEndpoint<(challenge: TwoFactorChallenge.ID, code: String), Session>
    public var resendTwoFactorCode: MockEndpoint<TwoFactorChallenge.ID, Void>
    public var logout: MockEndpoint<AccessToken, Void>
    public var fetchEvents: MockEndpoint<EventsRequest, Page<Event>>
    public var fetchEvent: MockEndpoint<Event.ID, Event>
    public var rsvp: MockEndpoint<(eventID: Event.ID, going: Bool), Event>
    public var fetchComments: MockEndpoint<CommentsRequest, Page<Comment>>
    public var postComment: MockEndpoint<CommentDraft, Comment>
    public var deleteComment: MockEndpoint<Comment.ID, Void>
    public var fetchActivities: MockEndpoint<ActivitiesRequest, Page<Activity>>
    public var latency: Duration
    public var clock: any Clock<Duration>

    /// The fixtures the service answers from.
    public var data: MockData { backend.data }

    /// - Parameters:
    ///   - data: the fixtures.
    ///   - now: the time posted comments get.
    public init(
        data: MockData = MockData(),
        now: @escaping @Sendable () -> Date = { Date() },
        login: MockEndpoint<LoginCredentials, LoginOutcome> = .fixtures,
        verifyTwoFactor: MockEndpoint<(challenge: TwoFactorChallenge.ID, code: String), Session> = .fixtures,
        resendTwoFactorCode: MockEndpoint<TwoFactorChallenge.ID, Void> = .fixtures,
        logout: MockEndpoint<AccessToken, Void> = .fixtures,
        fetchEvents: MockEndpoint<EventsRequest, Page<Event>> = .fixtures,
        fetchEvent: MockEndpoint<Event.ID, Event> = .fixtures,
        rsvp: MockEndpoint<(eventID: Event.ID, going: Bool), Event> = .fixtures,
        fetchComments: MockEndpoint<CommentsRequest, Page<Comment>> = .fixtures,
        postComment: MockEndpoint<CommentDraft, Comment> = .fixtures,
        deleteComment: MockEndpoint<Comment.ID, Void> = .fixtures,
        fetchActivities: MockEndpoint<ActivitiesRequest, Page<Activity>> = .fixtures,
        latency: Duration = .zero,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.backend = MockBackend(data: data, now: now)
        self.login = login
        self.verifyTwoFactor = verifyTwoFactor
        self.resendTwoFactorCode = resendTwoFactorCode
        self.logout = logout
        self.fetchEvents = fetchEvents
        self.fetchEvent = fetchEvent
        self.rsvp = rsvp
        self.fetchComments = fetchComments
        self.postComment = postComment
        self.deleteComment = deleteComment
        self.fetchActivities = fetchActivities
        self.latency = latency
        self.clock = clock
    }

    // MARK: Auth

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        await simulateLatency()
        return try login.respond(to: credentials) { credentials throws(ServiceError) in
            try backend.login(credentials)
        }
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        await simulateLatency()
        return try verifyTwoFactor.respond(to: (challenge, code)) { request throws(ServiceError) in
            try backend.verifyTwoFactor(request.challenge, code: request.code)
        }
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        await simulateLatency()
        try resendTwoFactorCode.respond(to: challenge) { challenge throws(ServiceError) in
            try backend.resendTwoFactorCode(challenge)
        }
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        await simulateLatency()
        try logout.respond(to: token) { token throws(ServiceError) in
            try backend.logout(token)
        }
    }

    // MARK: Events

    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        await simulateLatency()
        return try fetchEvents.respond(to: request) { request throws(ServiceError) in
            try backend.eventsPage(request, viewer: viewer)
        }
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        await simulateLatency()
        return try fetchEvent.respond(to: id) { id throws(ServiceError) in
            try backend.event(id: id, viewer: viewer)
        }
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        await simulateLatency()
        return try rsvp.respond(to: (eventID, going)) { request throws(ServiceError) in
            try backend.rsvp(eventID: request.eventID, going: request.going, token: token)
        }
    }

    // MARK: Comments

    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        await simulateLatency()
        return try fetchComments.respond(to: request) { request throws(ServiceError) in
            try backend.commentsPage(request)
        }
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        await simulateLatency()
        return try postComment.respond(to: draft) { draft throws(ServiceError) in
            try backend.postComment(draft, token: token)
        }
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        await simulateLatency()
        try deleteComment.respond(to: id) { id throws(ServiceError) in
            try backend.deleteComment(id: id, token: token)
        }
    }

    // MARK: Activities

    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        await simulateLatency()
        return try fetchActivities.respond(to: request) { request throws(ServiceError) in
            try backend.activitiesPage(request, token: token)
        }
    }

    // MARK: A feature's own endpoints

    /// Answers a request to an endpoint a feature's own mock declares, as this service answers
    /// its own: after the simulated latency, from `fixture` or as `endpoint` is set.
    ///
    ///     try await mock.answer(fetchTemplateItems, to: request) { request throws(ServiceError) in
    ///         try mock.data.templateItemsPage(request)
    ///     }
    public func answer<Request, Response>(
        _ endpoint: MockEndpoint<Request, Response>, to request: Request,
        fromFixtures fixture: (Request) throws(ServiceError) -> Response
    ) async throws(ServiceError) -> Response {
        await simulateLatency()
        return try endpoint.respond(to: request, fromFixtures: fixture)
    }

    // MARK: Latency

    private func simulateLatency() async {
        guard latency > .zero else { return }
        // A cancelled sleep ends early; the caller discards the answer of a cancelled request.
        try? await clock.sleep(for: latency)
    }
}
