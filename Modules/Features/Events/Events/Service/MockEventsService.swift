import AgoraAPI
import AgoraMocks
import AgoraModels

/// OSS mode's events: the app's mock world (`MockService`: its fixtures, the RSVPs users made,
/// its latency and clock), every endpoint configurable:
///
///     MockEventsService(fetchEvents: .failure(.offline))
///     MockEventsService(fetchEvent: .success(.template))
public struct MockEventsService: EventsService {
    /// The app's mock: its data, its state, its latency and its clock.
    public var mock: MockService
    /// How ``fetchEvents(_:viewer:)`` answers: from the mock world unless a test sets it.
    public var fetchEvents: MockEndpoint<EventsRequest, Page<Event>>
    /// How ``fetchEvent(id:viewer:)`` answers.
    public var fetchEvent: MockEndpoint<Event.ID, Event>
    /// How ``rsvp(eventID:going:token:)`` answers.
    public var rsvp: MockEndpoint<(eventID: Event.ID, going: Bool), Event>

    public init(
        mock: MockService = MockService(),
        fetchEvents: MockEndpoint<EventsRequest, Page<Event>> = .fixtures,
        fetchEvent: MockEndpoint<Event.ID, Event> = .fixtures,
        rsvp: MockEndpoint<(eventID: Event.ID, going: Bool), Event> = .fixtures
    ) {
        self.mock = mock
        self.fetchEvents = fetchEvents
        self.fetchEvent = fetchEvent
        self.rsvp = rsvp
    }

    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        try await mock.answer(fetchEvents, to: request) { request throws(ServiceError) in
            try mock.backend.eventsPage(request, viewer: viewer)
        }
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try await mock.answer(fetchEvent, to: id) { id throws(ServiceError) in
            try mock.backend.event(id: id, viewer: viewer)
        }
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try await mock.answer(rsvp, to: (eventID, going)) { request throws(ServiceError) in
            try mock.backend.rsvp(eventID: request.eventID, going: request.going, token: token)
        }
    }
}
