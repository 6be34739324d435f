import AgoraAPI
import AgoraModels

/// The OSS-mode ``ServiceType``: deterministic data, no network, every endpoint configurable.
///
/// By default every endpoint answers from ``MockData``; a test sets the one it cares about:
///
///     MockService(fetchEvents: .failure(.offline))
///     MockService(fetchEvent: .success(.template))
///
/// `latency` delays every answer on the injected clock, so the REPL can show slow work and tests
/// can drive time with a test clock instead of sleeping.
public struct MockService: ServiceType {
    public var data: MockData
    public var fetchEvents: MockEndpoint<EventsRequest, Page<Event>>
    public var fetchEvent: MockEndpoint<Event.ID, Event>
    public var latency: Duration
    public var clock: any Clock<Duration>

    public init(
        data: MockData = MockData(),
        fetchEvents: MockEndpoint<EventsRequest, Page<Event>> = .fixtures,
        fetchEvent: MockEndpoint<Event.ID, Event> = .fixtures,
        latency: Duration = .zero,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.data = data
        self.fetchEvents = fetchEvents
        self.fetchEvent = fetchEvent
        self.latency = latency
        self.clock = clock
    }

    public func fetchEvents(_ request: EventsRequest) async throws(ServiceError) -> Page<Event> {
        await simulateLatency()
        return try fetchEvents.respond(to: request) { request throws(ServiceError) in
            try data.eventsPage(after: request.cursor, limit: request.limit)
        }
    }

    public func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event {
        await simulateLatency()
        return try fetchEvent.respond(to: id) { id throws(ServiceError) in
            guard let event = data.event(id: id) else { throw .notFound("event \(id)") }
            return event
        }
    }

    private func simulateLatency() async {
        guard latency > .zero else { return }
        // A cancelled sleep ends early; the caller discards the answer of a cancelled request.
        try? await clock.sleep(for: latency)
    }
}
