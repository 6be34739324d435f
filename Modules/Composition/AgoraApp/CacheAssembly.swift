import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraModels
import AgoraSQLiteCache
import Comments
import Events
import Foundation

/// The caches and the comments outbox, in every mode, on one SQLite database (GRDB): a file in
/// live mode, so cached rows and queued comments survive a restart; memory in OSS mode, the
/// same code on an in-memory database. A host that keeps the outboxes itself (``SessionOutboxes``)
/// has them used instead. Each list cache is wrapped in a `TracedListCache`, so
/// `trace` shows its writes.
///
/// The caches of comments and events follow the changes of the events their screens show
/// (``ChangeFollowingListCache``), so what other members do reaches those screens.
///
/// It registers the caches of the items several features show; a feature whose items are its
/// own makes its cache from the `ListCacheStore` registered here.
struct CacheAssembly: Assembly {
    let database: CacheDatabase
    let trace: CacheWriteTrace
    /// The host's outboxes, when it keeps them apart from the database.
    let outboxes: SessionOutboxes?
    /// The events followed while screens show them, whose changes the caches of comments and
    /// events write; `nil` follows none.
    let changes: EventChangeStreams?

    /// Opens the database at `location`. A file that cannot be used is told to `report` in one
    /// line and the run goes on with a cache in memory; so is any later problem (a failed write).
    @MainActor
    init(
        location: CacheLocation, outboxes: SessionOutboxes?, changes: EventChangeStreams?, report: @escaping @MainActor (String) -> Void,
        trace: CacheWriteTrace
    ) {
        self.trace = trace
        self.outboxes = outboxes
        self.changes = changes
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
        let changes = self.changes
        container.register((any ListCache<Event>).self, scope: .container) { resolver in
            let cache = TracedListCache(SQLiteListCache<Event>(database: database, kind: "event"), trace: trace)
            guard let changes else { return cache }
            return try ChangeFollowingListCache(
                base: cache, streams: changes, eventOfList: { _ in nil }, eventOfItem: { $0 },
                write: EventChangeWrites.events(service: resolver.resolve((any EventsService).self)))
        }
        container.register((any ListCache<Comment>).self, scope: .container) { resolver in
            let cache = TracedListCache(SQLiteListCache<Comment>(database: database, kind: "comment"), trace: trace)
            guard let changes else { return cache }
            return try ChangeFollowingListCache(
                base: cache, streams: changes, eventOfList: EventChangeWrites.event(ofCommentsList:), eventOfItem: { _ in nil },
                write: EventChangeWrites.comments(service: resolver.resolve((any CommentsService).self)))
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
