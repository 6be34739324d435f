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
