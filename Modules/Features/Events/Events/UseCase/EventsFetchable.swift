import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Asks the API for events and keeps what it gets in the cache.
public protocol EventsFetchable: Sendable {
    /// Fetches the page of `filter`'s events after `cursor` (`nil`: the first page, which
    /// replaces the cached list) as `viewer` sees it (whether they are going to each event). A
    /// fetch cancelled meanwhile (a refresh replaced it) leaves the cache alone; the events one
    /// goes to need a `viewer` (`.unauthorized` without one).
    func fetchEvents(_ filter: EventsFilter, after cursor: String?, viewer: AccessToken?) async throws(ServiceError) -> Page<Event>
    /// Fetches one event as `viewer` sees it (whether they are going) and updates its cached copy.
    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event
}

/// Follows events in the cache, with no request: what a screen shows at
/// once, and again whenever the cache changes underneath it (an RSVP made on another screen).
public protocol EventsLoadable: Sendable {
    /// The cached events of `filter`, for a list screen to follow: it changes with each page
    /// and with each change to one of its events.
    func cachedEvents(_ filter: EventsFilter) -> CachedList<Event>
    /// Follows one cached event the same way (`nil` while it is not cached).
    func observeEvent(id: Event.ID, _ onChange: @escaping @MainActor @Sendable (Event?) -> Void) async -> Subscription
}

/// Says whether the logged-in user is going to an event.
public protocol EventsRSVPing: Sendable {
    /// Sets whether the token's user is going and caches the updated event, in the list of the
    /// events they go to as well.
    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event
}
