import AgoraAPI
import AgoraCache
import AgoraModels

/// Events' UseCase: the service for fresh data, the cache for what was seen before.
public struct EventsUseCase: EventsFetchable, EventsLoadable {
    private let service: any ServiceType
    private let cache: any EventsCache

    public init(service: any ServiceType, cache: any EventsCache) {
        self.service = service
        self.cache = cache
    }

    public func fetchEvents(after cursor: String?) async throws(ServiceError) -> Page<Event> {
        let page = try await service.fetchEvents(EventsRequest(cursor: cursor))
        if cursor == nil {
            await cache.replaceEvents(with: page.items)
        } else {
            await cache.appendEvents(page.items)
        }
        return page
    }

    public func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event {
        let event = try await service.fetchEvent(id: id)
        await cache.storeEvent(event)
        return event
    }

    public func loadEvents() async -> [Event] {
        await cache.events()
    }

    public func loadEvent(id: Event.ID) async -> Event? {
        await cache.event(id: id)
    }
}
