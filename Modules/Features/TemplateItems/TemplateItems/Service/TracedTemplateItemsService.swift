import AgoraAPI
import AgoraModels

/// A ``TemplateItemsService`` that reports each request of the one it wraps to the app's
/// `ServiceRequestTrace`, as every feature's traced service does: the mock and the live service
/// carry no tracing code.
public struct TracedTemplateItemsService: TemplateItemsService {
    /// The service that answers.
    public let base: any TemplateItemsService
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any TemplateItemsService, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        try await trace.run("fetchTemplateItems", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchTemplateItems(request)
        }
    }
}
