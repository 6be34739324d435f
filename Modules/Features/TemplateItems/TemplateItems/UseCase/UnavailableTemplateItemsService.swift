import AgoraAPI
import AgoraModels

/// Live mode's template items: agora-server has no endpoint for them yet, so every request
/// answers `ServiceError.unimplemented(_:)`, which a screen shows as
/// "Template items (not on agora-server yet) is not available in this mode."
///
/// It keeps live mode building and honest until agora-server serves template items. To make it
/// real: add the path to openapi.yaml, regenerate the contract's code and serve it in
/// agora-server; then give `ServiceType` a `fetchTemplateItems` requirement with a default
/// that throws `.unimplemented` (so `MockService` needs nothing), implement it in
/// `LiveService` over the generated client — a feature library speaks no HTTP itself — and
/// replace this type with a `LiveTemplateItemsService` that forwards to it, registered for
/// `ServiceMode.live` in `TemplateItemsAssembly`.
public struct UnavailableTemplateItemsService: TemplateItemsService {
    public init() {}

    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        throw .unimplemented("Template items (not on agora-server yet)")
    }
}
