import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// One event: cached copy first, then the fresh one, and again whenever the cache changes;
/// RSVP behind a login.
@MainActor
public final class EventDetailViewModel: EventDetailViewModelType, EventDetailViewModelInputs,
    EventDetailViewModelOutputs, EventDetailNavigationEvents
{
    public var inputs: any EventDetailViewModelInputs { self }
    public var outputs: any EventDetailViewModelOutputs { self }
    public var navigation: any EventDetailNavigationEvents { self }
    public let work = WorkTracker()

    public var event: Output<EventDetail?> { eventSource.output }
    public var isLoading: Output<Bool> { isLoadingSource.output }
    public var isSendingRSVP: Output<Bool> { isSendingRSVPSource.output }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showComments: Signal<Event.ID> { showCommentsSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }
    public var close: Signal<Void> { closeSource.signal }

    private let eventSource = OutputSource<EventDetail?>(nil)
    private let isLoadingSource = OutputSource(false)
    private let isSendingRSVPSource = OutputSource(false)
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showCommentsSource = SignalSource<Event.ID>()
    private let closeSource = SignalSource<Void>()

    private let eventID: Event.ID
    private let dependency: Dependency
    private let loginGate: LoginGate
    private var fetch: Task<Void, Never>?
    /// Which refresh is the latest: only its answer is shown.
    private var generation = RequestGeneration()
    private var sessionObservation: OutputObservation?
    private var subscription: Subscription?
    /// The event as the cache last showed it.
    private var cachedEvent: Event?
    /// The event ``event`` was last made from: the cache's copy and a request's answer are
    /// usually the same event, formatted once (dates are most of what opening an event costs).
    private var publishedEvent: Event?
    /// Who the event was published for: whether they host it depends on it.
    private var publishedViewerID: User.ID?

    /// - Parameters:
    ///   - eventID: the event to show.
    ///   - dependency: its UseCases, session and environment.
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
        loginGate = LoginGate(sessions: dependency.sessions)
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let loader = dependency.loader
        let id = eventID
        work.start { [weak self] in
            // The cached copy shows first; the fresh one is asked for after it, so it always wins.
            let subscription = await loader.observeEvent(id: id) { [weak self] event in self?.cacheChanged(event) }
            guard let self else { return }
            self.subscription = subscription
            // Stopped by the user while the cache answered: nothing is asked for.
            guard !Task.isCancelled else { return }
            refresh()
        }
        // Going or not depends on who is asking. A login happens on another screen, so this one
        // asks again when it reappears; a logout can happen right here.
        sessionObservation = dependency.sessions.session.observe { [weak self] session in
            guard let self, session == nil else { return }
            // No one hosts it as far as this screen knows now.
            publishEvent()
            if eventSource.value?.isGoing == true { refresh() }
        }
    }

    public func viewDidReappear() {
        loginGate.screenReappeared()
        // What changed meanwhile (a comment posted, a login) shows; an RSVP in flight answers
        // with the new state itself.
        guard eventSource.value != nil, !isSendingRSVPSource.value else { return }
        refresh()
    }

    public func refresh() {
        fetch?.cancel()
        let request = generation.next()
        isLoadingSource.sendIfChanged(true)
        let fetcher = dependency.fetcher
        let viewer = dependency.sessions.session.value?.token
        let id = eventID
        fetch = work.start { [weak self] in
            let result = await Result<Event, ServiceError> { () async throws(ServiceError) in
                try await fetcher.fetchEvent(id: id, viewer: viewer)
            }
            guard let self, generation.isCurrent(request) else { return }
            switch result {
            case .success(let event): show(event)
            case .failure(let error): showErrorSource.send(error.description)
            }
            isLoadingSource.sendIfChanged(false)
            publishEvent()
            if case .failure(.notFound) = result, eventSource.value == nil { closeSource.send(()) }
        }
    }

    public func commentsTapped() {
        showCommentsSource.send(eventID)
    }

    public func rsvpTapped(going: Bool) {
        guard !isSendingRSVPSource.value else {
            showErrorSource.send("An RSVP is already being sent; wait for it to finish.")
            return
        }
        guard eventSource.value?.isHost != true else {
            showErrorSource.send("You host this event: a host is going, with no RSVP to change.")
            return
        }
        // Shown logged out, the event says nothing of whether this user goes: after the login,
        // only the count tells what the RSVP changed.
        let showsViewer = loginGate.session != nil
        loginGate.withSession(
            { [weak self] session in
                self?.sendRSVP(going: going, token: session.token, beforeShowsViewer: showsViewer)
            },
            ifCancelled: { [weak self] in
                self?.showMessageSource.send("Not logged in, so no RSVP was sent.")
            },
            undone: { "no RSVP was sent" })
    }

    /// - Parameter beforeShowsViewer: whether the event shown now was loaded for the user who
    ///   sends the RSVP (not when they logged in for it, or as someone else after an expiry).
    private func sendRSVP(going: Bool, token: AccessToken, beforeShowsViewer: Bool) {
        isSendingRSVPSource.send(true)
        let rsvp = dependency.rsvp
        let id = eventID
        let before = cachedEvent
        work.startSending { [weak self] in
            let result = await Result<Event, ServiceError> { () async throws(ServiceError) in
                try await rsvp.rsvp(eventID: id, going: going, token: token)
            }
            guard let self else { return }
            // Still sending until the answer is shown: a screen that waits for it (see
            // `isSendingRSVP`) draws the event once, new, rather than stale and then again.
            defer { isSendingRSVPSource.send(false) }
            switch result {
            case .success(let event):
                generation.next()  // a refresh still in flight started before the RSVP: drop it
                isLoadingSource.sendIfChanged(false)
                show(event)
                showMessageSource.send(Self.rsvpMessage(going: going, before: before, after: event, beforeShowsViewer: beforeShowsViewer))
            case .failure(.unauthorized):
                showErrorSource.send(ServiceError.unauthorized.description)
                loginGate.sessionExpired(
                    retry: { [weak self] session in
                        self?.sendRSVP(going: going, token: session.token, beforeShowsViewer: false)
                    },
                    ifCancelled: { [weak self] in
                        self?.showMessageSource.send("Not logged in, so no RSVP was sent.")
                    },
                    undone: { "no RSVP was sent" })
            case .failure(let error):
                showErrorSource.send(error.description)
            }
            publishEvent()
        }
    }

    /// What an RSVP did, truthfully: when the server's answer has the same count and the same
    /// answer as before, the RSVP changed nothing and the message says so.
    ///
    /// - Parameter beforeShowsViewer: whether `before` was loaded for the user who sent the
    ///   RSVP; when not (they logged in for it), its answer is someone else's, and the count
    ///   alone, which counts every user, tells whether the RSVP changed it.
    static func rsvpMessage(going: Bool, before: Event?, after event: Event, beforeShowsViewer: Bool = true) -> String {
        let unchanged =
            before.map { $0.attendeeCount == event.attendeeCount && (!beforeShowsViewer || $0.isGoing == event.isGoing) } ?? false
        return switch (going, unchanged) {
        case (true, false): "You're going to \(event.title)."
        case (false, false): "You're no longer going to \(event.title)."
        case (true, true): "You were already going to \(event.title)."
        case (false, true): "You were not going to \(event.title); nothing changed."
        }
    }

    // MARK: The event

    /// The cache changed: this screen's own request (shown when it ends) or another screen's
    /// (shown now).
    private func cacheChanged(_ event: Event?) {
        cachedEvent = event
        guard !isLoadingSource.value, !isSendingRSVPSource.value else { return }
        publishEvent()
    }

    /// Shows the event a request answered: the cache has the same copy by now.
    private func show(_ event: Event) {
        cachedEvent = event
        publishEvent()
    }

    private func publishEvent() {
        let viewerID = dependency.sessions.session.value?.user.id
        guard let cachedEvent, cachedEvent != publishedEvent || viewerID != publishedViewerID else { return }
        (publishedEvent, publishedViewerID) = (cachedEvent, viewerID)
        eventSource.sendIfChanged(EventDetail(event: cachedEvent, environment: dependency.environment, viewerID: viewerID))
    }
}
