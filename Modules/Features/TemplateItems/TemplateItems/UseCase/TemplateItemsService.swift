import AgoraAPI
import AgoraModels

/// A request for one page of template items.
public struct TemplateItemsRequest: Hashable, Sendable {
    /// Where to continue; `nil` asks for the first page.
    public var cursor: String?
    /// How many template items at most.
    public var limit: Int

    /// The page size the apps use.
    public static let defaultLimit = 20

    public init(cursor: String? = nil, limit: Int = TemplateItemsRequest.defaultLimit) {
        self.cursor = cursor
        self.limit = limit
    }
}

/// Where template items come from: the feature's own client, not a requirement of the app's
/// `ServiceType`. It has two values, picked by `ServiceMode` in `TemplateItemsAssembly`:
/// ``MockTemplateItemsService`` in OSS mode, ``UnavailableTemplateItemsService`` in live mode.
public protocol TemplateItemsService: Sendable {
    /// Template items, one page at a time.
    func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem>
}
