import AgoraAPI
import AgoraModels

/// Asks the API for events and keeps what it gets in the cache (Eight's `Fetchable`).
public protocol EventsFetchable: Sendable {
    /// Fetches the page after `cursor` (`nil`: the first page, which replaces the cached list).
    func fetchEvents(after cursor: String?) async throws(ServiceError) -> Page<Event>
    /// Fetches one event as `viewer` sees it (whether they are going) and updates its cached copy.
    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event
}

/// Reads events from the cache, with no request (Eight's `Loadable`): what a screen shows at once.
public protocol EventsLoadable: Sendable {
    /// The cached list, in list order; empty when nothing was fetched yet.
    func loadEvents() async -> [Event]
    /// The cached copy of one event.
    func loadEvent(id: Event.ID) async -> Event?
}

/// Says whether the logged-in user is going to an event.
public protocol EventsRSVPing: Sendable {
    /// Sets whether the token's user is going and caches the updated event.
    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event
}
