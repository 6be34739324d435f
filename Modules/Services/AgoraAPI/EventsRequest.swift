/// A request for one page of upcoming events, soonest first.
public struct EventsRequest: Hashable, Sendable {
    /// Where to continue; `nil` asks for the first page.
    public var cursor: String?
    /// How many events at most.
    public var limit: Int
    /// Only the events the viewer is going to, those they host included; such a page needs a
    /// viewer (`.unauthorized` without one).
    public var onlyGoing: Bool

    /// The page size the apps use.
    public static let defaultLimit = 20

    public init(cursor: String? = nil, limit: Int = EventsRequest.defaultLimit, onlyGoing: Bool = false) {
        self.cursor = cursor
        self.limit = limit
        self.onlyGoing = onlyGoing
    }
}
