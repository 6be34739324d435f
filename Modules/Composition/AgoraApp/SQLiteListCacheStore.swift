import AgoraCache
import AgoraSQLiteCache

/// The app's ``ListCacheStore``: each cache on the app's one SQLite database, its kind the item's
/// type name, wrapped in a `TracedListCache` so `trace` shows its writes, as every cache is.
struct SQLiteListCacheStore: ListCacheStore {
    let database: CacheDatabase
    let trace: CacheWriteTrace

    func cache<Item: Codable & Identifiable & Sendable>(of type: Item.Type) -> any ListCache<Item> where Item.ID: Codable & Sendable {
        TracedListCache(SQLiteListCache<Item>(database: database, kind: "\(Item.self)"), trace: trace)
    }
}
