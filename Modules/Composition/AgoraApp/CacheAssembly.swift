import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraModels
import AgoraSQLiteCache
import Comments
import Foundation

/// The caches and the comments outbox, in every mode, on one SQLite database (GRDB): a file in
/// live mode, so cached rows and queued comments survive a restart; memory in OSS mode, the
/// same code on an in-memory database. A host that keeps the outboxes itself (``SessionOutboxes``)
/// has them used instead. Each list cache is wrapped in a `TracedListCache`, so
/// `trace` shows its writes.
///
/// It registers the caches of the items several features show; a feature whose items are its
/// own makes its cache from the `ListCacheStore` registered here.
struct CacheAssembly: Assembly {
    let database: CacheDatabase
    let trace: CacheWriteTrace
    /// The host's outboxes, when it keeps them apart from the database.
    let outboxes: SessionOutboxes?

    /// Opens the database at `location`. A file that cannot be used is told to `report` in one
    /// line and the run goes on with a cache in memory; so is any later problem (a failed write).
    @MainActor
    init(location: CacheLocation, outboxes: SessionOutboxes?, report: @escaping @MainActor (String) -> Void, trace: CacheWriteTrace) {
        self.trace = trace
        self.outboxes = outboxes
        database = CacheDatabase.open(location) { line in
            // The problem found while opening is told at once: the app starts on the main actor.
            // Later ones come from the database's own threads.
            if Thread.isMainThread {
                MainActor.assumeIsolated { report(line) }
            } else {
                Task { @MainActor in report(line) }
            }
        }
    }

    func assemble(container: Container) {
        let database = self.database
        let trace = self.trace
        let outboxes = self.outboxes
        container.register((any ListCache<Event>).self, scope: .container) { _ in
            TracedListCache(SQLiteListCache<Event>(database: database, kind: "event"), trace: trace)
        }
        container.register((any ListCache<Comment>).self, scope: .container) { _ in
            TracedListCache(SQLiteListCache<Comment>(database: database, kind: "comment"), trace: trace)
        }
        container.register((any ListCache<Activity>).self, scope: .container) { _ in
            TracedListCache(SQLiteListCache<Activity>(database: database, kind: "activity"), trace: trace)
        }
        container.register((any ListCacheStore).self, scope: .container) { _ in
            SQLiteListCacheStore(database: database, trace: trace)
        }
        container.register((any Outbox<OutgoingComment>).self, scope: .container) { _ in
            if let outboxes { return outboxes.commentsOutbox }
            return SQLiteOutbox<OutgoingComment>(database: database, name: "comments")
        }
    }
}
