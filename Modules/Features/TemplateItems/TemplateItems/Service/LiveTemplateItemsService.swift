import AgoraAPI
import AgoraModels

/// Live mode's template items: agora-server has no endpoint for them yet, so every request throws
/// `ServiceError.unimplemented(_:)`, which a screen shows as "Template items (not on agora-server
/// yet) is not available in this mode."
///
/// To serve them: add the path to openapi.yaml, regenerate the contract's code, serve it in
/// agora-server, and answer here over the app's live client.
public struct LiveTemplateItemsService: TemplateItemsService {
    public init() {}

    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        throw .unimplemented("Template items (not on agora-server yet)")
    }
}
