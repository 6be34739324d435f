import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Events' UseCase: the service for fresh data, the cache for what was seen before.
///
/// Its methods run on the caller's actor, like the service's and the cache's: a screen's
/// request runs on the main actor until the service or the database has to wait, so opening an
/// event the cache already follows, against a service that answers at once (OSS mode), costs no
/// thread hop.
public struct EventsUseCase: EventsFetchable, EventsLoadable, EventsRSVPing {
    /// The cache's name for the upcoming-events list.
    static let list = "events"

    private let service: any ServiceType
    private let cache: any ListCache<Event>

    public init(service: any ServiceType, cache: any ListCache<Event>) {
        self.service = service
        self.cache = cache
    }

    public func fetchEvents(after cursor: String?, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        let page = try await service.fetchEvents(EventsRequest(cursor: cursor), viewer: viewer)
        // Replaced by a newer request (a refresh) or stopped by the user: the page is dropped,
        // so it must not reach the list either.
        guard !Task.isCancelled else { return page }
        if cursor == nil {
            await cache.replace(Self.list, with: page.items)
        } else {
            await cache.append(page.items, to: Self.list)
        }
        return page
    }

    /// The ids of the upcoming events in the cache, in list order: what was seen before, read
    /// without asking the server.
    public func cachedEventIDs() async -> [Event.ID] {
        await cache.items(in: Self.list).map(\.id)
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        let event = try await service.fetchEvent(id: id, viewer: viewer)
        await cache.store(event)
        return event
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        let event = try await service.rsvp(eventID: eventID, going: going, token: token)
        await cache.store(event)
        return event
    }

    /// Clears the RSVP of every cached event: it was the answer for the user whose session
    /// ended, and a cached copy shows at once to whoever opens the event next, before the fresh
    /// one. The counts stay: they are the same for everyone.
    public func clearRSVPs() async {
        await cache.update { event in
            guard event.isGoing else { return nil }
            var cleared = event
            cleared.isGoing = false
            return cleared
        }
    }

    /// The upcoming events as the list follows them, a window at a time; a change made
    /// elsewhere (an RSVP) shows by the time its write returns.
    public func cachedEvents() -> CachedList<Event> {
        cache.cachedList(Self.list)
    }

    public func observeEvent(id: Event.ID, _ onChange: @escaping @MainActor @Sendable (Event?) -> Void) async -> Subscription {
        await cache.observeItem(id: id, onChange: onChange)
    }
}
