import Foundation
import GRDB

/// The SQL of the cache. Each statement runs for every page, write and observation: GRDB's
/// cached statements compile each once per connection instead of parsing and authorising it on
/// every run, which was most of the cost of a write.
extension SQLiteListCache {
    static func fetchList(_ db: Database, kind: String, list: String) throws -> [Data] {
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

    static func fetchStamps(_ db: Database, kind: String, list: String) throws -> [ListStamp] {
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
    static func fetchItem(_ db: Database, kind: String, list: String, position: Int, through revision: Int) throws -> Data? {
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

    static func fetchItem(_ db: Database, kind: String, key: String) throws -> Data? {
        try Data.fetchOne(db.cachedStatement(sql: "SELECT json FROM cachedItem WHERE kind = ? AND id = ?"), arguments: [kind, key])
    }

    static func upsert(_ rows: [Row], kind: String, _ db: Database) throws {
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
    static func add(_ rows: [Row], to list: String, kind: String, from position: Int, _ db: Database) throws {
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
    /// Whether `list` starts (or, unless `atStart`, ends) with `rows`, in their order.
    static func holds(_ rows: [Row], atStart: Bool, of list: String, kind: String, _ db: Database) throws -> Bool {
        let edge = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT itemID FROM listMembership INDEXED BY listMembershipByPosition
                    WHERE kind = ? AND list = ? ORDER BY position \(atStart ? "ASC" : "DESC") LIMIT ?
                    """),
            arguments: [kind, list, rows.count])
        return edge == (atStart ? rows.map(\.key) : rows.reversed().map(\.key))
    }

    /// Takes `rows` out of `list` where they already are (a page that overlaps the one before);
    /// when one was there, the list's observers read it again whole.
    static func takeOut(_ rows: [Row], from list: String, kind: String, _ db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM listMembership WHERE kind = ? AND list = ? AND itemID = ?")
        var tookOut = false
        for row in rows {
            try delete.execute(arguments: [kind, list, row.key])
            tookOut = tookOut || db.changesCount > 0
        }
        if tookOut { try renew(list, kind: kind, db) }
    }

    /// Tells the list's observers to read it again whole: its rows were renumbered or taken out.
    static func renew(_ list: String, kind: String, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO cachedList (kind, list, generation) VALUES (?, ?, 1)
                ON CONFLICT (kind, list) DO UPDATE SET generation = generation + 1
                """
        ).execute(arguments: [kind, list])
    }
}
