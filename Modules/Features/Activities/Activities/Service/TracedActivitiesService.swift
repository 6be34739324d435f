import AgoraAPI
import AgoraModels

/// An ``ActivitiesService`` that reports each request of the one it wraps to the app's
/// `ServiceRequestTrace`: the mock and the live service carry no tracing code.
public struct TracedActivitiesService: ActivitiesService {
    /// The service that answers.
    public let base: any ActivitiesService
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any ActivitiesService, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        try await trace.run("fetchActivities", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchActivities(request, token: token)
        }
    }
}
