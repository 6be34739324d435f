import AgoraAPI
import AgoraModels

/// What Events asks of a server: the feature's own client, declared, answered and traced in the
/// feature's files.
///
/// ``MockEventsService`` answers in OSS mode, ``LiveEventsService`` in live mode, and
/// ``EventsAssembly`` registers the one the app's `ServiceMode` names, wrapped in a
/// ``TracedEventsService``. Every failure is a `ServiceError`.
public protocol EventsService: Sendable {
    /// Upcoming events, soonest first, one page at a time; with a token, each
    /// `Event.isGoing` says whether that user is going.
    func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event>
    /// One event by id; with a token, `Event.isGoing` says whether that user is going.
    func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event
    /// Says whether the token's user is going to an event; answers the updated event.
    func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event
}

extension EventsService {
    /// Upcoming events as anyone sees them, with no session.
    public func fetchEvents(_ request: EventsRequest) async throws(ServiceError) -> Page<Event> {
        try await fetchEvents(request, viewer: nil)
    }

    /// One event as anyone sees it, with no session.
    public func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event {
        try await fetchEvent(id: id, viewer: nil)
    }
}
