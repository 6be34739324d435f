import AgoraArchitecture
import AgoraCache
import Foundation
import GRDB
import Synchronization

/// Following the cache: a list whole, a list as versions, one item; each through a GRDB
/// `ValueObservation` whose changed rows alone are decoded.
extension SQLiteListCache {
    public func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
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
    package func observeSnapshots(
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

    public func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription {
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
    func observe<Rows: Equatable & Sendable, Value: Sendable>(
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
    func startObservation<Rows: Equatable & Sendable, Value: Sendable>(
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
}

/// The rows an observation showed last, to skip a value that did not change.
final class LastRows<Rows: Equatable & Sendable>: Sendable {
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
struct StampedList<Item: Sendable>: Equatable, Sendable {
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
final class ListSnapshots<Item: Sendable>: Sendable {
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
