import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events
import Synchronization

/// A fetcher that answers from the fixtures, counts requests, and can hold answers behind gates.
final class EventsFetcherSpy: EventsFetchable {
    let data: MockData
    private let state = Mutex<(cursors: [String?], failures: [Int: ServiceError], gates: [Int: Gate])>(([], [:], [:]))

    init(data: MockData = .test) {
        self.data = data
    }

    /// The cursors asked for, in order (`nil` for a first page).
    var requestedCursors: [String?] { state.withLock { $0.cursors } }

    /// Makes request number `index` (0-based) fail with `error`.
    func fail(request index: Int, with error: ServiceError) {
        state.withLock { $0.failures[index] = error }
    }

    /// Holds request number `index` until the returned gate opens.
    func hold(request index: Int) -> Gate {
        let gate = Gate()
        state.withLock { $0.gates[index] = gate }
        return gate
    }

    func fetchEvents(after cursor: String?) async throws(ServiceError) -> Page<Event> {
        let (failure, gate) = state.withLock { state in
            state.cursors.append(cursor)
            let index = state.cursors.count - 1
            return (state.failures[index], state.gates[index])
        }
        await gate?.wait()
        if let failure { throw failure }
        return try data.eventsPage(after: cursor, limit: EventsRequest.defaultLimit)
    }

    func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event {
        let (failure, gate) = state.withLock { state in
            state.cursors.append("event \(id)")
            let index = state.cursors.count - 1
            return (state.failures[index], state.gates[index])
        }
        await gate?.wait()
        if let failure { throw failure }
        guard let event = data.event(id: id) else { throw .notFound("event \(id)") }
        return event
    }
}

/// A loader over a cache the test fills.
struct CacheLoader: EventsLoadable {
    let cache = InMemoryEventsCache()

    func loadEvents() async -> [Event] { await cache.events() }
    func loadEvent(id: Event.ID) async -> Event? { await cache.event(id: id) }
}

/// A navigator that remembers where it was sent.
@MainActor
final class NavigatorSpy: Navigator {
    private(set) var opened: [Route] = []
    private(set) var backCount = 0

    func open(_ route: Route) { opened.append(route) }
    func back() { backCount += 1 }
}
