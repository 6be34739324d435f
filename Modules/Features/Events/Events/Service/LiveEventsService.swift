import AgoraAPI
import AgoraModels

/// Live mode's events: asked of agora-server through the app's API client (`ServiceType`),
/// which speaks its contract.
public struct LiveEventsService: EventsService {
    /// agora-server's API.
    public let api: any ServiceType

    public init(api: any ServiceType) {
        self.api = api
    }

    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        try await api.fetchEvents(request, viewer: viewer)
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try await api.fetchEvent(id: id, viewer: viewer)
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try await api.rsvp(eventID: eventID, going: going, token: token)
    }
}
