import AgoraAPI
import AgoraModels

/// An ``EventsService`` that reports each request of the one it wraps to the app's
/// `ServiceRequestTrace`: the mock and the live service carry no tracing code.
public struct TracedEventsService: EventsService {
    /// The service that answers.
    public let base: any EventsService
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any EventsService, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        try await trace.run("fetchEvents", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchEvents(request, viewer: viewer)
        }
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        try await trace.run("fetchEvent \(id)", mode: mode, summary: { "event \($0.id)" }) { () throws(ServiceError) in
            try await base.fetchEvent(id: id, viewer: viewer)
        }
    }

    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        try await trace.run("rsvp \(eventID)", mode: mode, summary: { "going: \($0.isGoing)" }) { () throws(ServiceError) in
            try await base.rsvp(eventID: eventID, going: going, token: token)
        }
    }
}
