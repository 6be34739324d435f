/// A request for one page of the logged-in user's activity feed.
public struct ActivitiesRequest: Hashable, Sendable {
    /// Where to continue; `nil` asks for the newest activities.
    public var cursor: String?
    /// How many activities at most.
    public var limit: Int

    /// The page size the apps use.
    public static let defaultLimit = 20

    public init(cursor: String? = nil, limit: Int = ActivitiesRequest.defaultLimit) {
        self.cursor = cursor
        self.limit = limit
    }
}
