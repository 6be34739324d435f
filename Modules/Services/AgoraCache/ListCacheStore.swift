/// Where the app keeps its caches, as a maker of one list cache per kind of item.
///
/// The app registers the caches of the items several features show (`ListCache<Event>`, which
/// the events and the comments both read) itself. An item only one feature lists is that
/// feature's own: its assembly makes the cache here, so adding the feature changes no line of
/// the app's, and the cache is kept where every other cache is (in SQLite, traced).
public protocol ListCacheStore: Sendable {
    /// A cache of `Item`s, kept apart from every other kind of item.
    func cache<Item: Codable & Identifiable & Sendable>(of type: Item.Type) -> any ListCache<Item> where Item.ID: Codable & Sendable
}

/// A ``ListCacheStore`` that keeps each cache in memory: tests, and a composition with no
/// database.
public struct InMemoryListCacheStore: ListCacheStore {
    public init() {}

    public func cache<Item: Codable & Identifiable & Sendable>(of type: Item.Type) -> any ListCache<Item> where Item.ID: Codable & Sendable {
        InMemoryListCache<Item>()
    }
}
