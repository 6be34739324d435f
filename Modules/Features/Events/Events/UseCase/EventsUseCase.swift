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
    /// The cache's name for the list of `filter`'s events.
    static func list(_ filter: EventsFilter) -> String {
        switch filter {
        case .upcoming: "events"
        case .going: "events/going"
        }
    }

    private let service: any EventsService
    private let cache: any ListCache<Event>

    public init(service: any EventsService, cache: any ListCache<Event>) {
        self.service = service
        self.cache = cache
    }

    public func fetchEvents(_ filter: EventsFilter, after cursor: String?, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        // Nobody's events to ask for: no request, as the server would refuse it.
        if filter == .going, viewer == nil { throw .unauthorized }
        let request = EventsRequest(cursor: cursor, onlyGoing: filter == .going)
        let page = try await service.fetchEvents(request, viewer: viewer)
        // Replaced by a newer request (a refresh) or stopped by the user: the page is dropped,
        // so it must not reach the list either.
        guard !Task.isCancelled else { return page }
        if cursor == nil {
            await cache.replace(Self.list(filter), with: page.items)
        } else {
            await cache.append(page.items, to: Self.list(filter))
        }
        return page
    }

    /// The ids of the upcoming events in the cache, in list order: what was seen before, read
    /// without asking the server.
    public func cachedEventIDs() async -> [Event.ID] {
        await cache.items(in: Self.list(.upcoming)).map(\.id)
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        let event = try await service.fetchEvent(id: id, viewer: viewer)
        await cache.store(event)
        return event
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        let event = try await service.rsvp(eventID: eventID, going: going, token: token)
        await cache.store(event)
        await keepInGoingList(event)
        return event
    }

    /// Puts an event the member now goes to in the list of those they go to, in date order, or
    /// takes out one they no longer go to, so that list is right without asking the server.
    private func keepInGoingList(_ event: Event) async {
        let list = Self.list(.going)
        var going = await cache.items(in: list)
        guard going.contains(where: { $0.id == event.id }) != event.isGoing else { return }
        if event.isGoing {
            going.append(event)
            going.sort { ($0.startsAt, $0.id) < ($1.startsAt, $1.id) }
        } else {
            going.removeAll { $0.id == event.id }
        }
        await cache.replace(list, with: going)
    }

    /// Clears the RSVP of every cached event and empties the list of the events the user goes
    /// to: it was the answer for the user whose session ended, and a cached copy shows at once
    /// to whoever opens the event next, before the fresh one. The counts stay: they are the same
    /// for everyone.
    public func clearRSVPs() async {
        // Emptied, not removed: its events stay cached for whoever opens one next.
        await cache.replace(Self.list(.going), with: [])
        await cache.update { event in
            guard event.isGoing else { return nil }
            var cleared = event
            cleared.isGoing = false
            return cleared
        }
    }

    /// The events of `filter` as a list follows them, a window at a time; a change made
    /// elsewhere (an RSVP) shows by the time its write returns.
    public func cachedEvents(_ filter: EventsFilter) -> CachedList<Event> {
        cache.cachedList(Self.list(filter))
    }

    public func observeEvent(id: Event.ID, _ onChange: @escaping @MainActor @Sendable (Event?) -> Void) async -> Subscription {
        await cache.observeItem(id: id, onChange: onChange)
    }
}
