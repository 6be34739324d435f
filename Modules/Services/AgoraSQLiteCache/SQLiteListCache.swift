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
    private let database: CacheDatabase
    private let kind: String
    private let observers = CacheObservers()
    /// The items screens follow, one observation each, the last few kept after their screen
    /// closed: opening the same event again joins its observation.
    private let itemObservations = SharedObservations<Item?>(keepingIdle: 8)

    /// Whether two items are the same, for items that can tell: a store of the item an
    /// observation already holds is then skipped without encoding it or leaving the caller.
    private let isSame: (@Sendable (Item, Item) -> Bool)?

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

    public nonisolated(nonsending) func items(in list: String) async -> [Item] {
        let kind = self.kind
        let rows = await database.read("read the list \(list)", fallback: []) { db in
            try Self.fetchList(db, kind: kind, list: list)
        }
        return rows.compactMap(decode)
    }

    public nonisolated(nonsending) func item(id: Item.ID) async -> Item? {
        guard let key = key(id, for: "read") else { return nil }
        let kind = self.kind
        let row = await database.read("read an item", fallback: nil) { db in
            try Self.fetchItem(db, kind: kind, key: key)
        }
        return row.flatMap(decode)
    }

    // MARK: Writing

    public nonisolated(nonsending) func replace(_ list: String, with items: [Item]) async {
        guard let rows = rows(items) else { return }
        let kind = self.kind
        await write("replace the list \(list)") { db in
            try db.cachedStatement(sql: "DELETE FROM listMembership WHERE kind = ? AND list = ?").execute(arguments: [kind, list])
            try Self.renew(list, kind: kind, db)
            try Self.add(rows, to: list, kind: kind, from: 0, db)
        }
    }

    public nonisolated(nonsending) func append(_ items: [Item], to list: String) async {
        await add(items, to: list, atStart: false, "add to the list \(list)")
    }

    public nonisolated(nonsending) func prepend(_ items: [Item], to list: String) async {
        await add(items, to: list, atStart: true, "add to the top of the list \(list)")
    }

    /// Takes `items` out of `list` and puts them at its end or its start. New rows get positions
    /// after the last row's or before the first's: no row is renumbered, so observers read only
    /// the new ones.
    private nonisolated(nonsending) func add(_ items: [Item], to list: String, atStart: Bool, _ what: String) async {
        guard let rows = rows(items) else { return }
        let kind = self.kind
        await write(what) { db in
            try Self.takeOut(rows, from: list, kind: kind, db)
            let edge = atStart ? "MIN" : "MAX"
            let bound = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT \(edge)(position) FROM listMembership WHERE kind = ? AND list = ?"), arguments: [kind, list]
            )
            let start = atStart ? (bound ?? 0) - rows.count : (bound ?? -1) + 1
            try Self.add(rows, to: list, kind: kind, from: start, db)
        }
    }

    public nonisolated(nonsending) func store(_ item: Item) async {
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

    public nonisolated(nonsending) func remove(id: Item.ID) async {
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

    public nonisolated(nonsending) func update(_ change: @escaping @Sendable (Item) -> Item?) async {
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

    public nonisolated(nonsending) func removeList(_ list: String) async {
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

    // MARK: Observing

    public nonisolated(nonsending) func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
        let kind = self.kind
        // Each fetch reads the list's stamps (id and revision per row) and decodes only the rows
        // whose stamp changed: a page appended or an item edited costs those rows, and no copy
        // of every row's JSON is read or kept.
        let snapshots = ListSnapshots<Item>()
        return await observe(
            onChange: onChange,
            fetch: { db in
                try snapshots.next(db) { db in
                    try Self.fetchStamps(db, kind: kind, list: list)
                } json: { db, key in
                    try Self.fetchItem(db, kind: kind, key: key)
                } decode: { json in
                    decode(json)
                }
            }
        ) { snapshot in
            snapshot.items
        }
    }

    public func cachedList(_ list: String) -> CachedList<Item> {
        CachedList { onChange in await self.observeSnapshots(list, onChange: onChange) }
    }

    /// Follows a list as versions: each change reads the rows added to the list and the items
    /// changed since the last fetch, through the revision indexes, so a page appended to a long
    /// list costs that page; a list renumbered or with rows taken out (a refresh, a removal) is
    /// read again whole, as stamps. An item is read from the database when its row is asked for.
    package nonisolated(nonsending) func observeSnapshots(
        _ list: String, onChange: @escaping @MainActor @Sendable (ListSnapshot<Item>) -> Void
    ) async -> Subscription {
        let kind = self.kind
        let queue = database.queue
        let index = ListIndexes()
        return await observe(
            onChange: onChange,
            fetch: { db in try index.next(db, kind: kind, list: list) }
        ) { fetched in
            let positions = fetched.positions
            let revision = fetched.revision
            return ListSnapshot(versions: fetched.versions) { row in
                // On the caller's thread, one row through the position index. A row put in the
                // list after this snapshot (the list replaced since) is not this row: `nil`.
                let json = try? queue.read { db in
                    try Self.fetchItem(db, kind: kind, list: list, position: Int(positions[row]), through: revision)
                }
                return json.flatMap(decode)
            }
        }
    }

    public nonisolated(nonsending) func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription {
        guard let key = key(id, for: "observe") else {
            await onChange(nil)
            return Subscription {}
        }
        let kind = self.kind
        let observer = CacheObserver(onChange: onChange)
        let (remove, holdsValue) = itemObservations.add(observer, key: key) { deliver, fail in
            startObservation(
                fetch: { db in try Self.fetchItem(db, kind: kind, key: key) }, decode: { row in row.flatMap(decode) },
                deliver: deliver, fail: fail)
        }
        let subscription = observers.add(observer, onCancel: remove)
        // An item observed before (an event opened again): its copy is shown now, on the main
        // actor when the caller is there, with no task and no thread hop.
        if holdsValue { observer.deliverHeld() }
        // Revisions start at 0, so this waits for the first value, whatever its revision.
        await observer.delivered(through: 0)
        return subscription
    }

    /// Starts a `ValueObservation` of `fetch` (with the revision it was fetched at) that hands
    /// changed rows, decoded, to a ``CacheObserver``; returns once the first value is shown.
    private nonisolated(nonsending) func observe<Rows: Equatable & Sendable, Value: Sendable>(
        onChange: @escaping @MainActor @Sendable (Value) -> Void,
        fetch: @escaping @Sendable (Database) throws -> Rows,
        decode: @escaping @Sendable (Rows) -> Value
    ) async -> Subscription {
        let observer = CacheObserver(onChange: onChange)
        let cancellable = startObservation(fetch: fetch, decode: decode) { change, revision in
            switch change {
            case .changed(let value): observer.send(value, revision: revision)
            case .unchanged: observer.advance(to: revision)
            }
        } fail: {
            observer.cancel()
        }
        let subscription = observers.add(observer, onCancel: { cancellable.cancel() })
        // Revisions start at 0, so this waits for the first value, whatever its revision.
        await observer.delivered(through: 0)
        return subscription
    }

    /// Starts a `ValueObservation` of `fetch`, handing each fetch to `deliver` with the revision
    /// it was fetched at: decoded when its rows changed, `.unchanged` otherwise.
    private func startObservation<Rows: Equatable & Sendable, Value: Sendable>(
        fetch: @escaping @Sendable (Database) throws -> Rows,
        decode: @escaping @Sendable (Rows) -> Value,
        deliver: @escaping @Sendable (ObservedChange<Value>, Int) -> Void,
        fail: @escaping @Sendable () -> Void
    ) -> AnyDatabaseCancellable {
        let lastRows = LastRows<Rows>()
        let report = database.report
        // Every fetch reads the same tables, so the region is recorded once rather than on each
        // fetch (recording it compiled the statements anew every time).
        let observation = ValueObservation.trackingConstantRegion { db in
            (revision: try CacheSchema.revision(db), rows: try fetch(db))
        }
        return observation.start(
            in: database.queue,
            scheduling: InlineScheduler(),
            onError: { error in
                report("The cache stopped following a list (\(CacheDatabase.oneLine(error))).")
                fail()
            },
            onChange: { fetched in
                // Every write changes the revision, so every observation is fetched again; only
                // rows that changed are decoded and shown.
                let isUnchanged = lastRows.replace(with: fetched.rows)
                deliver(isUnchanged ? .unchanged : .changed(decode(fetched.rows)), fetched.revision)
            }
        )
    }

    // MARK: Rows

    private struct Row: Sendable {
        let key: String
        let json: Data
    }

    private func key(_ id: Item.ID, for what: String) -> String? {
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
    private func decode(_ json: Data) -> Item? {
        try? CacheCoding.decode(Item.self, from: json)
    }

    /// Writes and returns once every observer of this cache has shown the change.
    private nonisolated(nonsending) func write(_ what: String, _ updates: @escaping @Sendable (Database) throws -> Void) async {
        guard let revision = await database.write(what, updates) else { return }
        await observers.delivered(through: revision)
    }

    // The statements below run for every page, write and observation: GRDB's cached statements
    // compile each once per connection instead of parsing and authorising it on every run,
    // which was most of the cost of a write.

    private static func fetchList(_ db: Database, kind: String, list: String) throws -> [Data] {
        try Data.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT cachedItem.json FROM listMembership
                    JOIN cachedItem ON cachedItem.kind = listMembership.kind AND cachedItem.id = listMembership.itemID
                    WHERE listMembership.kind = ? AND listMembership.list = ?
                    ORDER BY listMembership.position
                    """),
            arguments: [kind, list]
        )
    }

    private static func fetchStamps(_ db: Database, kind: String, list: String) throws -> [ListStamp] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT listMembership.itemID, cachedItem.revision FROM listMembership
                JOIN cachedItem ON cachedItem.kind = listMembership.kind AND cachedItem.id = listMembership.itemID
                WHERE listMembership.kind = ? AND listMembership.list = ?
                ORDER BY listMembership.position
                """)
        return try Array(
            GRDB.Row.fetchCursor(statement, arguments: [kind, list]).map { row in
                ListStamp(key: row[0], revision: row[1])
            })
    }

    /// The item at `position` of `list`, if that row was there at `revision`. The position index
    /// is named: left to itself, SQLite chose the revision index and walked every row of the
    /// list for each row read.
    private static func fetchItem(_ db: Database, kind: String, list: String, position: Int, through revision: Int) throws -> Data? {
        try Data.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT cachedItem.json FROM listMembership INDEXED BY listMembershipByPosition
                    JOIN cachedItem ON cachedItem.kind = listMembership.kind AND cachedItem.id = listMembership.itemID
                    WHERE listMembership.kind = ? AND listMembership.list = ? AND listMembership.position = ?
                    AND listMembership.revision <= ?
                    """),
            arguments: [kind, list, position, revision])
    }

    private static func fetchItem(_ db: Database, kind: String, key: String) throws -> Data? {
        try Data.fetchOne(db.cachedStatement(sql: "SELECT json FROM cachedItem WHERE kind = ? AND id = ?"), arguments: [kind, key])
    }

    private static func upsert(_ rows: [Row], kind: String, _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO cachedItem (kind, id, json, revision)
                VALUES (?, ?, ?, (SELECT value + 1 FROM cacheRevision WHERE id = 1))
                ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json, revision = excluded.revision
                WHERE json IS NOT excluded.json
                """)
        for row in rows {
            try statement.execute(arguments: [kind, row.key, row.json])
        }
    }

    /// Stores `rows` and puts them in `list` from `position` on; an id given twice keeps its
    /// first place. Each row is marked with the revision of this write, so observers find it.
    private static func add(_ rows: [Row], to list: String, kind: String, from position: Int, _ db: Database) throws {
        try upsert(rows, kind: kind, db)
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO listMembership (kind, list, itemID, position, revision)
                VALUES (?, ?, ?, ?, (SELECT value + 1 FROM cacheRevision WHERE id = 1))
                """
        )
        for (offset, row) in rows.enumerated() {
            try statement.execute(arguments: [kind, list, row.key, position + offset])
        }
    }
}

extension SQLiteListCache {
    /// Takes `rows` out of `list` where they already are (a page that overlaps the one before);
    /// when one was there, the list's observers read it again whole.
    private static func takeOut(_ rows: [Row], from list: String, kind: String, _ db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM listMembership WHERE kind = ? AND list = ? AND itemID = ?")
        var tookOut = false
        for row in rows {
            try delete.execute(arguments: [kind, list, row.key])
            tookOut = tookOut || db.changesCount > 0
        }
        if tookOut { try renew(list, kind: kind, db) }
    }

    /// Tells the list's observers to read it again whole: its rows were renumbered or taken out.
    private static func renew(_ list: String, kind: String, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO cachedList (kind, list, generation) VALUES (?, ?, 1)
                ON CONFLICT (kind, list) DO UPDATE SET generation = generation + 1
                """
        ).execute(arguments: [kind, list])
    }
}

/// The rows an observation showed last, to skip a value that did not change.
private final class LastRows<Rows: Equatable & Sendable>: Sendable {
    private let rows = Mutex<Rows?>(nil)

    /// Keeps `new`; returns whether it equals the rows kept before.
    func replace(with new: Rows) -> Bool {
        rows.withLock { rows in
            defer { rows = new }
            return rows == new
        }
    }
}

/// A list as one observation fetched it: each row's stamp (its key and the revision that last
/// changed it) and its item; equal when the stamps are, which is when no row changed.
private struct StampedList<Item: Sendable>: Equatable, Sendable {
    let stamps: [ListStamp]
    let decoded: [Item?]

    /// The rows this version of Agora can read, in order.
    var items: [Item] { decoded.compactMap { $0 } }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.stamps == rhs.stamps }
}

/// One row of a list: which item, and which write last changed it.
struct ListStamp: Equatable, Sendable {
    let key: String
    let revision: Int
}

/// The snapshot an observation fetched last, to decode only rows whose stamp changed since.
///
/// Rows are matched by position: a page appended or an item edited leaves every other row where
/// it was. Fetches of one observation run one at a time, on the database's queue.
private final class ListSnapshots<Item: Sendable>: Sendable {
    private let last = Mutex<StampedList<Item>>(StampedList(stamps: [], decoded: []))

    func next(
        _ db: Database,
        stamps fetchStamps: (Database) throws -> [ListStamp],
        json: (Database, String) throws -> Data?,
        decode: (Data) -> Item?
    ) throws -> StampedList<Item> {
        let stamps = try fetchStamps(db)
        return try last.withLock { last in
            var decoded: [Item?] = []
            decoded.reserveCapacity(stamps.count)
            for (index, stamp) in stamps.enumerated() {
                if index < last.stamps.count, last.stamps[index] == stamp {
                    decoded.append(last.decoded[index])
                } else {
                    decoded.append(try json(db, stamp.key).flatMap(decode))
                }
            }
            last = StampedList(stamps: stamps, decoded: decoded)
            return last
        }
    }
}
