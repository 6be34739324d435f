import AgoraArchitecture
import AgoraCache
import Foundation
import GRDB
import Synchronization

/// A ``ListCache`` in the app's ``CacheDatabase``: each item a JSON row keyed by its kind and id,
/// each list ordered membership rows, observations through GRDB's `ValueObservation`.
///
/// Semantics equal ``InMemoryListCache``'s (both pass the same specification). A failed read or
/// write is told through the database's report line and otherwise ignored: the cache is a copy
/// of what the server has, never the only one.
public struct SQLiteListCache<Item: Codable & Identifiable & Sendable>: ListCache where Item.ID: Codable & Sendable {
    let database: CacheDatabase
    let kind: String
    let observers = CacheObservers()
    /// The items screens follow, one observation each, the last few kept after their screen
    /// closed: opening the same event again joins its observation.
    let itemObservations = SharedObservations<Item?>(keepingIdle: 8)

    /// Whether two items are the same, for items that can tell: a store of the item an
    /// observation already holds is then skipped without encoding it or leaving the caller.
    let isSame: (@Sendable (Item, Item) -> Bool)?

    /// - Parameter kind: what the items are ("event"); the database keeps kinds apart, so one
    ///   database holds several caches.
    public init(database: CacheDatabase, kind: String) {
        self.database = database
        self.kind = kind
        isSame = nil
    }

    /// A cache of items that can be compared: storing an item exactly as an observed copy
    /// already is (what opening a cached event does) costs no encoding and no database access.
    ///
    /// - Parameter kind: what the items are ("event"); the database keeps kinds apart, so one
    ///   database holds several caches.
    public init(database: CacheDatabase, kind: String) where Item: Equatable {
        self.database = database
        self.kind = kind
        isSame = { $0 == $1 }
    }

    // MARK: Reading

    public func items(in list: String) async -> [Item] {
        let kind = self.kind
        let rows = await database.read("read the list \(list)", fallback: []) { db in
            try Self.fetchList(db, kind: kind, list: list)
        }
        return rows.compactMap(decode)
    }

    public func item(id: Item.ID) async -> Item? {
        guard let key = key(id, for: "read") else { return nil }
        let kind = self.kind
        let row = await database.read("read an item", fallback: nil) { db in
            try Self.fetchItem(db, kind: kind, key: key)
        }
        return row.flatMap(decode)
    }

    // MARK: Writing

    public func replace(_ list: String, with items: [Item]) async {
        guard let rows = rows(items) else { return }
        let kind = self.kind
        await write("replace the list \(list)") { db in
            try db.cachedStatement(sql: "DELETE FROM listMembership WHERE kind = ? AND list = ?").execute(arguments: [kind, list])
            try Self.renew(list, kind: kind, db)
            try Self.add(rows, to: list, kind: kind, from: 0, db)
        }
    }

    public func append(_ items: [Item], to list: String) async {
        await add(items, to: list, atStart: false, "add to the list \(list)")
    }

    public func prepend(_ items: [Item], to list: String) async {
        await add(items, to: list, atStart: true, "add to the top of the list \(list)")
    }

    /// Takes `items` out of `list` and puts them at its end or its start. New rows get positions
    /// after the last row's or before the first's: no row is renumbered, so observers read only
    /// the new ones.
    private func add(_ items: [Item], to list: String, atStart: Bool, _ what: String) async {
        guard let rows = rows(items) else { return }
        let kind = self.kind
        await write(what) { db in
            if try Self.holds(rows, atStart: atStart, of: list, kind: kind, db) {
                // Already there, in this order (a comment's own change, heard after its post
                // put it on top): only the items are stored, so no row moves and a snapshot
                // that readers hold still reads every row.
                try Self.upsert(rows, kind: kind, db)
                return
            }
            try Self.takeOut(rows, from: list, kind: kind, db)
            let edge = atStart ? "MIN" : "MAX"
            let bound = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT \(edge)(position) FROM listMembership WHERE kind = ? AND list = ?"), arguments: [kind, list]
            )
            let start = atStart ? (bound ?? 0) - rows.count : (bound ?? -1) + 1
            try Self.add(rows, to: list, kind: kind, from: start, db)
        }
    }

    public func store(_ item: Item) async {
        if let revision = revisionHolding(item) {
            // The database holds this item as it is: the write would change nothing, and wait
            // only for observers to show that revision.
            await observers.delivered(through: revision)
            return
        }
        guard let rows = rows([item]) else { return }
        let kind = self.kind
        await write("store an item") { db in
            try Self.upsert(rows, kind: kind, db)
        }
    }

    public func remove(id: Item.ID) async {
        guard let key = key(id, for: "remove") else { return }
        let kind = self.kind
        await write("remove an item") { db in
            // Every list that loses the row is read again whole by its observers (removals are
            // rare: a comment deleted).
            try db.execute(
                sql: """
                    INSERT INTO cachedList (kind, list, generation)
                    SELECT DISTINCT kind, list, 1 FROM listMembership WHERE kind = ? AND itemID = ?
                    ON CONFLICT (kind, list) DO UPDATE SET generation = generation + 1
                    """, arguments: [kind, key])
            try db.execute(sql: "DELETE FROM cachedItem WHERE kind = ? AND id = ?", arguments: [kind, key])
            try db.execute(sql: "DELETE FROM listMembership WHERE kind = ? AND itemID = ?", arguments: [kind, key])
        }
    }

    public func update(_ change: @escaping @Sendable (Item) -> Item?) async {
        let kind = self.kind
        let report = database.report
        await write("update the \(kind) items") { db in
            // Read, changed and written in one transaction: no write between the read and
            // the rewrite is lost. A row this version cannot read is left as it is.
            let rows = try GRDB.Row.fetchAll(db.cachedStatement(sql: "SELECT id, json FROM cachedItem WHERE kind = ?"), arguments: [kind])
            var changed: [Row] = []
            for row in rows {
                let json: Data = row["json"]
                guard let item = try? CacheCoding.decode(Item.self, from: json), let new = change(item) else { continue }
                do {
                    changed.append(Row(key: row["id"], json: try CacheCoding.json(new)))
                } catch {
                    report("The cache could not update a \(kind) item: it cannot be encoded (\(CacheDatabase.oneLine(error))).")
                }
            }
            try Self.upsert(changed, kind: kind, db)
        }
    }

    public func update(id: Item.ID, _ change: @escaping @Sendable (Item?) -> Item?) async -> Bool {
        guard let key = key(id, for: "update") else { return false }
        let kind = self.kind
        let report = database.report
        let stored = StoredFlag()
        await write("update an item") { db in
            // Read, changed and written in one transaction: no write between them is lost.
            let cached = try Self.fetchItem(db, kind: kind, key: key).flatMap { try? CacheCoding.decode(Item.self, from: $0) }
            guard let new = change(cached) else { return }
            do {
                try Self.upsert([Row(key: try CacheCoding.key(new.id), json: try CacheCoding.json(new))], kind: kind, db)
                stored.value.withLock { $0 = true }
            } catch let error as DatabaseError {
                throw error
            } catch {
                report("The cache could not update a \(kind) item: it cannot be encoded (\(CacheDatabase.oneLine(error))).")
            }
        }
        return stored.value.withLock { $0 }
    }

    /// Whether a write stored its item: set inside the write, on the database's queue, and read
    /// once the write has returned.
    private final class StoredFlag: Sendable {
        let value = Mutex(false)
    }

    public func removeList(_ list: String) async {
        let kind = self.kind
        await write("remove the list \(list)") { db in
            try db.execute(
                sql: """
                    DELETE FROM cachedItem WHERE kind = ?
                    AND id IN (SELECT itemID FROM listMembership WHERE kind = ? AND list = ?)
                    AND id NOT IN (SELECT itemID FROM listMembership WHERE kind = ? AND list <> ?)
                    """, arguments: [kind, kind, list, kind, list])
            try db.execute(sql: "DELETE FROM listMembership WHERE kind = ? AND list = ?", arguments: [kind, list])
            try Self.renew(list, kind: kind, db)
        }
    }

    /// The database's revision when it already holds `item` exactly, as an observation of it
    /// fetched at that revision shows; `nil` when that cannot be told without a read.
    ///
    /// Opening an event stores the event the service answered, most often the same as the
    /// cached copy: encoding it and a write's transaction, each on the database's queue, would be
    /// most of what an `open` costs after the screen itself, so an unchanged item skips both.
    private func revisionHolding(_ item: Item) -> Int? {
        guard let isSame, let revision = database.settledRevision,
            let key = try? CacheCoding.key(item.id),
            let latest = itemObservations.latest(key: key),
            latest.revision == revision, let held = latest.value, isSame(held, item)
        else { return nil }
        return revision
    }

    // MARK: Rows

    struct Row: Sendable {
        let key: String
        let json: Data
    }

    func key(_ id: Item.ID, for what: String) -> String? {
        do {
            return try CacheCoding.key(id)
        } catch {
            database.report("The cache could not \(what) an item: its id cannot be encoded (\(CacheDatabase.oneLine(error))).")
            return nil
        }
    }

    private func rows(_ items: [Item]) -> [Row]? {
        do {
            return try items.map { Row(key: try CacheCoding.key($0.id), json: try CacheCoding.json($0)) }
        } catch {
            database.report("The cache could not store \(kind) items: they cannot be encoded (\(CacheDatabase.oneLine(error))).")
            return nil
        }
    }

    /// An item from its JSON; `nil` for a row this version cannot read (written by another
    /// version of Agora), which is then simply not shown, and replaced by the next fetch.
    func decode(_ json: Data) -> Item? {
        try? CacheCoding.decode(Item.self, from: json)
    }

    /// Writes and returns once every observer of this cache has shown the change.
    private func write(_ what: String, _ updates: @escaping @Sendable (Database) throws -> Void) async {
        guard let revision = await database.write(what, updates) else { return }
        await observers.delivered(through: revision)
    }
}
