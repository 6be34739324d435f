import AgoraModels

/// Everything the features ask of the Agora API.
///
/// One protocol for the whole API (Kickstarter's `ServiceType`): `MockService` implements it with
/// deterministic data in OSS mode, the HTTP service in live mode. Features depend on this
/// protocol only, never on either implementation. Every failure is a ``ServiceError``.
public protocol ServiceType: Sendable {
    /// Upcoming events, soonest first, one page at a time.
    func fetchEvents(_ request: EventsRequest) async throws(ServiceError) -> Page<Event>

    /// One event by id.
    func fetchEvent(id: Event.ID) async throws(ServiceError) -> Event
}
