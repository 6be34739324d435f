import AgoraModels

extension ServiceType {
    /// agora-server has no endpoint for template items yet, so a service that does not answer
    /// them itself (`LiveService`) throws `ServiceError.unimplemented(_:)`, which a screen shows
    /// as "Template items (not on agora-server yet) is not available in this mode."
    ///
    /// To serve them: add the path to openapi.yaml, regenerate the contract's code, serve it in
    /// agora-server, implement this requirement in `LiveService` over the generated client, and
    /// delete this default.
    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        throw .unimplemented("Template items (not on agora-server yet)")
    }
}
