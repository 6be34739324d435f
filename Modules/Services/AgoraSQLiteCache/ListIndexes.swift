import AgoraArchitecture
import GRDB
import Synchronization

/// A list as one observation last fetched it: each row's position and version (two numbers a
/// row: a long list is held here, not its items or their keys).
///
/// Equal when nothing changed between two fetches (the same generation and the same count of
/// changes applied), so an unchanged fetch is told without comparing every row.
struct ListIndex: Equatable, Sendable {
    /// The list's generation when fetched: a new one means it was renumbered or lost rows.
    var generation = 0
    /// The database's revision when fetched: rows and items changed after it are new.
    var revision = -1
    /// Each row's position, ascending: where to read its item, and where to find the row an
    /// item change names.
    /// 32 bits each: a list's positions span its rows' count.
    var positions = ChunkedArray<Int32>()
    /// Each row's version: its key and the revision that last changed its item, hashed.
    var versions = ChunkedArray<Int32>()
    /// Changes applied since the observation started.
    var changes = 0

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.generation == rhs.generation && lhs.changes == rhs.changes && lhs.versions.count == rhs.versions.count
    }

    static func version(key: String, revision: Int) -> Int32 {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(revision)
        return Int32(truncatingIfNeeded: hasher.finalize())
    }
}

/// Fetches a list for one observation, reading only what changed since its last fetch.
///
/// Rows are only ever added at either end of a list (a page appended, a comment on top); any
/// other change to the rows renews the list's generation. So a fetch reads the rows put in the
/// list after the last fetch's revision, and the items changed after it, each through an index;
/// a new generation, or rows that would land between others, read the list again whole. A page
/// appended to a list of 200,000 rows reads 20 rows, not every row's stamp.
/// Fetches of one observation run one at a time, on the database's queue.
final class ListIndexes: Sendable {
    private let last = Mutex<ListIndex?>(nil)

    func next(_ db: Database, kind: String, list: String) throws -> ListIndex {
        let generation =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT generation FROM cachedList WHERE kind = ? AND list = ?"), arguments: [kind, list]
            ) ?? 0
        let revision = try CacheSchema.revision(db)
        return try last.withLock { last in
            var index: ListIndex
            if var known = last, known.generation == generation,
                try Self.update(&known, db, kind: kind, list: list, revision: revision)
            {
                index = known
            } else {
                index = try Self.whole(db, kind: kind, list: list)
                index.generation = generation
                index.changes = (last?.changes ?? 0) + 1
            }
            index.revision = revision
            last = index
            return index
        }
    }

    /// Applies the rows and items changed after `index.revision`; `false` when they cannot be
    /// applied (rows between others), so the list must be read whole.
    private static func update(_ index: inout ListIndex, _ db: Database, kind: String, list: String, revision: Int) throws -> Bool {
        guard revision != index.revision else { return true }
        let added = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT listMembership.position, listMembership.itemID, cachedItem.revision FROM listMembership
                    JOIN cachedItem ON cachedItem.kind = listMembership.kind AND cachedItem.id = listMembership.itemID
                    WHERE listMembership.kind = ? AND listMembership.list = ? AND listMembership.revision > ?
                    ORDER BY listMembership.position
                    """),
            arguments: [kind, list, index.revision]
        ).map { (position: $0[0] as Int, key: $0[1] as String, revision: $0[2] as Int) }
        // CROSS JOIN keeps cachedItem outside: the few items changed, found by revision, then
        // their rows. Left to itself, SQLite walked every row of the list (by its revision
        // index, `<=`), which was most of what a page of a long thread cost.
        let changed = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT listMembership.position, cachedItem.id, cachedItem.revision FROM cachedItem
                    CROSS JOIN listMembership ON listMembership.kind = cachedItem.kind AND listMembership.itemID = cachedItem.id
                    WHERE cachedItem.kind = ? AND cachedItem.revision > ? AND listMembership.list = ?
                    AND listMembership.revision <= ?
                    """),
            arguments: [kind, index.revision, list, index.revision]
        ).map { (position: $0[0] as Int, key: $0[1] as String, revision: $0[2] as Int) }
        guard !added.isEmpty || !changed.isEmpty else { return true }

        if let first = added.first, let last = added.last {
            let positions = added.map { Int32(truncatingIfNeeded: $0.position) }
            let versions = added.map { ListIndex.version(key: $0.key, revision: $0.revision) }
            if index.positions.last.map({ first.position > Int($0) }) ?? true {
                index.positions.append(contentsOf: positions)
                index.versions.append(contentsOf: versions)
            } else if let start = index.positions.first, last.position < Int(start) {
                index.positions.prepend(contentsOf: positions)
                index.versions.prepend(contentsOf: versions)
            } else {
                return false
            }
        }
        for item in changed {
            guard let row = row(at: item.position, in: index.positions) else { return false }
            index.versions[row] = ListIndex.version(key: item.key, revision: item.revision)
        }
        index.changes += 1
        return true
    }

    /// The list read whole.
    private static func whole(_ db: Database, kind: String, list: String) throws -> ListIndex {
        var positions: [Int32] = []
        var versions: [Int32] = []
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT listMembership.position, listMembership.itemID, cachedItem.revision FROM listMembership
                    JOIN cachedItem ON cachedItem.kind = listMembership.kind AND cachedItem.id = listMembership.itemID
                    WHERE listMembership.kind = ? AND listMembership.list = ?
                    ORDER BY listMembership.position
                    """),
            arguments: [kind, list]
        )
        while let row = try rows.next() {
            positions.append(Int32(truncatingIfNeeded: row[0] as Int))
            versions.append(ListIndex.version(key: row[1], revision: row[2]))
        }
        var index = ListIndex()
        index.positions = ChunkedArray(positions)
        index.versions = ChunkedArray(versions)
        return index
    }

    /// The index of the row at `position` (binary search: positions ascend).
    private static func row(at position: Int, in positions: ChunkedArray<Int32>) -> Int? {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if Int(positions[middle]) < position { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && Int(positions[low]) == position ? low : nil
    }
}
