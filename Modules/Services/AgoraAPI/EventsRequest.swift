/// A request for one page of upcoming events.
public struct EventsRequest: Hashable, Sendable {
    /// Where to continue; `nil` asks for the first page.
    public var cursor: String?
    /// How many events at most.
    public var limit: Int

    /// The page size the apps use.
    public static let defaultLimit = 20

    public init(cursor: String? = nil, limit: Int = EventsRequest.defaultLimit) {
        self.cursor = cursor
        self.limit = limit
    }
}
