import AgoraAPI
import AgoraModels

/// What TemplateItems asks of a server: the feature's own client, declared, answered and traced
/// in the feature's files, so adding it edited no shared service.
///
/// ``MockTemplateItemsService`` answers in OSS mode, ``LiveTemplateItemsService`` in live mode,
/// and ``TemplateItemsAssembly`` registers the one the app's `ServiceMode` names, wrapped in a
/// ``TracedTemplateItemsService``. Every failure is a `ServiceError`, as the app's other
/// requests'.
public protocol TemplateItemsService: Sendable {
    /// Template items, soonest to close first, one page at a time.
    func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem>
}
