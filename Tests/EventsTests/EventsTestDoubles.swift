import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events

/// A fetcher that answers from the fixtures; its ``script`` records every request (a page's
/// cursor, or "event N") and can fail or hold one.
final class EventsFetcherSpy: EventsFetchable {
    let data: MockData
    let script = RequestScript<String?, ServiceError>()

    init(data: MockData = .test) {
        self.data = data
    }

    /// The requests made, in order: `nil` for a first page, a cursor, or "event N".
    var requestedCursors: [String?] { script.requests }

    func fetchEvents(after cursor: String?) async throws(ServiceError) -> Page<Event> {
        try await script.enter(cursor)
        return try data.eventsPage(after: cursor, limit: EventsRequest.defaultLimit)
    }

    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try await script.enter("event \(id)")
        guard var event = data.event(id: id) else { throw .notFound("event \(id)") }
        if let viewer, let userID = Int(viewer.rawValue.split(separator: ".")[1]) {
            event.isGoing = data.attends(userID: userID, eventID: id)
        }
        return event
    }
}

/// A loader over a cache the test fills.
struct CacheLoader: EventsLoadable {
    let cache = InMemoryListCache<Event>()

    func loadEvents() async -> [Event] { await cache.items(in: "events") }
    func loadEvent(id: Event.ID) async -> Event? { await cache.item(id: id) }
}

/// An RSVP UseCase that records each request ("42 yes" / "42 no" and the token's user) and
/// answers with the fixture event, its count and `isGoing` changed.
final class RSVPSpy: EventsRSVPing {
    let data: MockData
    let script = RequestScript<String, ServiceError>()

    init(data: MockData = .test) {
        self.data = data
    }

    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try await script.enter("\(eventID) \(going ? "yes" : "no") as \(token.rawValue)")
        guard var event = data.event(id: eventID) else { throw .notFound("event \(eventID)") }
        event.isGoing = going
        event.attendeeCount += going ? 1 : -1
        return event
    }
}

