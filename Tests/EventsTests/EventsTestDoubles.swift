import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events
import Synchronization
import Testing

/// A fetcher that answers the requests a test expects from the fixtures, and keeps what it
/// fetched in `cache`, as the UseCase does; its ``plan`` records every request (a page's
/// cursor, or "event N") and can fail or hold one.
///
/// A request the test did not expect fails the test, naming it: the list asks for pages only,
/// an event's screen for its event only, and a stray request does not pass unnoticed.
final class EventsFetcherSpy: EventsFetchable {
    /// What a test expects the ViewModel under test to ask for.
    enum Request: Hashable, Sendable {
        /// Pages of events (`fetchEvents(_:after:viewer:)`): a list.
        case eventsPages
        /// One event (`fetchEvent(id:viewer:)`): an event's screen.
        case event
    }

    let data: MockData
    let cache: InMemoryListCache<Event>
    let plan = RequestPlan<String?, ServiceError>()
    private let expected: ExpectedRequests<Request>

    /// - Parameters:
    ///   - expected: the requests it answers; any other fails the test at `sourceLocation`.
    ///   - data: the fixtures it answers from.
    ///   - cache: where what it fetched goes.
    init(
        expecting expected: Set<Request>, data: MockData = .test, cache: InMemoryListCache<Event> = InMemoryListCache(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.expected = ExpectedRequests(expected, of: "EventsFetcherSpy", sourceLocation: sourceLocation)
        self.data = data
        self.cache = cache
    }

    /// The requests made, in order: `nil` for a first page, a cursor, or "event N".
    var requestedCursors: [String?] { plan.requests }

    /// Who each page was asked for as, in order (`nil`: no one logged in).
    var viewers: [AccessToken?] { pageViewers.withLock { $0 } }
    private let pageViewers = Mutex<[AccessToken?]>([])

    /// The filter of each page asked for, in order.
    var filters: [EventsFilter] { pageFilters.withLock { $0 } }
    private let pageFilters = Mutex<[EventsFilter]>([])

    func fetchEvents(_ filter: EventsFilter, after cursor: String?, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        try expected.check(.eventsPages, "fetchEvents(_:after:viewer:)")
        pageViewers.withLock { $0.append(viewer) }
        pageFilters.withLock { $0.append(filter) }
        try await plan.enter(cursor)
        let userID = Self.userID(of: viewer)
        if filter == .going, userID == nil { throw .unauthorized }
        var page = try data.eventsPage(after: cursor, limit: EventsRequest.defaultLimit) { event in
            filter == .upcoming || userID.map { data.attends(userID: $0, eventID: event.id) } == true
        }
        if let userID {
            page = Page(items: page.items.map { Self.event($0, seenBy: userID, in: data) }, nextCursor: page.nextCursor)
        }
        guard !Task.isCancelled else { return page }
        let list = CacheLoader.list(filter)
        if cursor == nil {
            await cache.replace(list, with: page.items)
        } else {
            await cache.append(page.items, to: list)
        }
        return page
    }

    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try expected.check(.event, "fetchEvent(id:viewer:)")
        try await plan.enter("event \(id)")
        guard var event = data.event(id: id) else { throw .notFound("event \(id)") }
        if let userID = Self.userID(of: viewer) { event = Self.event(event, seenBy: userID, in: data) }
        await cache.store(event)
        return event
    }

    /// The user of a token ``Session/demo(_:)`` made.
    private static func userID(of viewer: AccessToken?) -> User.ID? {
        viewer.flatMap { Int($0.rawValue.split(separator: ".")[1]) }
    }

    /// The event as a user sees it: whether they are going, from the fixtures.
    private static func event(_ event: Event, seenBy userID: User.ID, in data: MockData) -> Event {
        var event = event
        event.isGoing = data.attends(userID: userID, eventID: event.id)
        return event
    }
}

/// A loader over a cache the test fills (and the spies write to, when they share it), which
/// follows only what the test expects: a list screen its list, an event's screen its event.
struct CacheLoader: EventsLoadable {
    /// What a test expects the ViewModel under test to follow.
    enum Request: Hashable, Sendable, CustomStringConvertible {
        /// A list of events (`cachedEvents(_:)`).
        case events(EventsFilter)
        /// One event (`observeEvent(id:_:)`).
        case event

        var description: String {
            switch self {
            case .events(let filter): ".events(.\(filter))"
            case .event: ".event"
            }
        }
    }

    let cache: InMemoryListCache<Event>
    private let expected: ExpectedRequests<Request>

    /// - Parameters:
    ///   - expected: what it follows; anything else fails the test at `sourceLocation`, and
    ///     follows an empty list or no event.
    ///   - cache: what it follows.
    init(expecting expected: Set<Request>, cache: InMemoryListCache<Event> = InMemoryListCache(), sourceLocation: SourceLocation = #_sourceLocation) {
        self.cache = cache
        self.expected = ExpectedRequests(expected, of: "CacheLoader", sourceLocation: sourceLocation)
    }

    /// The cache's name for `filter`'s list, as the UseCase names it.
    static func list(_ filter: EventsFilter) -> String {
        filter == .upcoming ? "events" : "events/going"
    }

    func cachedEvents(_ filter: EventsFilter) -> CachedList<Event> {
        let list = expected.allows(.events(filter), "cachedEvents(_:)") ? Self.list(filter) : "unexpected"
        return cache.cachedList(list)
    }

    func observeEvent(id: Event.ID, _ onChange: @escaping @MainActor @Sendable (Event?) -> Void) async -> Subscription {
        // No event has the id -1: an unexpected screen follows nothing.
        await cache.observeItem(id: expected.allows(.event, "observeEvent(id:_:)") ? id : -1, onChange: onChange)
    }
}

/// An RSVP UseCase that records each request ("42 yes" / "42 no" and the token's user) and
/// answers with the fixture event, its count and `isGoing` changed, stored in `cache`. An RSVP
/// to an event the test did not expect fails the test: a screen answers for its own event only.
final class RSVPSpy: EventsRSVPing {
    let data: MockData
    let cache: InMemoryListCache<Event>
    let plan = RequestPlan<String, ServiceError>()
    private let expected: ExpectedRequests<Event.ID>

    /// - Parameters:
    ///   - events: the events it answers RSVPs to (none: a screen that must not RSVP); any
    ///     other fails the test at `sourceLocation`.
    ///   - data: the fixtures it answers from.
    ///   - cache: where the changed event goes.
    init(
        expecting events: Set<Event.ID>, data: MockData = .test, cache: InMemoryListCache<Event> = InMemoryListCache(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.data = data
        self.cache = cache
        expected = ExpectedRequests(events, of: "RSVPSpy", sourceLocation: sourceLocation)
    }

    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try expected.check(eventID, "rsvp(eventID:going:token:)")
        try await plan.enter("\(eventID) \(going ? "yes" : "no") as \(token.rawValue)")
        guard var event = data.event(id: eventID) else { throw .notFound("event \(eventID)") }
        event.isGoing = going
        event.attendeeCount += going ? 1 : -1
        await cache.store(event)
        return event
    }
}
