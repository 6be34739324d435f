import AgoraCache
import Foundation
import GRDB

/// An ``Outbox`` in the app's ``CacheDatabase``: on a file in live mode, so what waits to be
/// sent survives a restart of the app.
///
/// Semantics equal ``InMemoryOutbox``'s. An entry this version cannot read is skipped, never
/// deleted: it stays for a version that can.
public struct SQLiteOutbox<Entry: Codable & Identifiable & Sendable>: Outbox where Entry.ID: Codable & Sendable {
    private let database: CacheDatabase
    private let name: String

    /// - Parameter name: which outbox ("comments"); one database holds several.
    public init(database: CacheDatabase, name: String) {
        self.database = database
        self.name = name
    }

    /// Why an entry could not be kept.
    public struct NotKept: Error, CustomStringConvertible {
        public let description: String
    }

    public func add(_ entry: Entry) async throws {
        let key: String
        let json: Data
        do {
            key = try CacheCoding.key(entry.id)
            json = try CacheCoding.json(entry)
        } catch {
            throw NotKept(description: "it cannot be encoded (\(CacheDatabase.oneLine(error)))")
        }
        let name = self.name
        let revision = await database.write("keep an entry of the \(name) outbox") { db in
            try db.execute(
                sql: """
                    INSERT INTO outboxEntry (outbox, id, json) VALUES (?, ?, ?)
                    ON CONFLICT (outbox, id) DO UPDATE SET json = excluded.json
                    """,
                arguments: [name, key, json]
            )
        }
        if revision == nil {
            throw NotKept(description: "the cache database could not be written")
        }
    }

    public func entries() async -> [Entry] {
        let name = self.name
        let rows = await database.read("read the \(name) outbox", fallback: []) { db in
            try Data.fetchAll(db, sql: "SELECT json FROM outboxEntry WHERE outbox = ? ORDER BY sequence", arguments: [name])
        }
        return rows.compactMap { try? CacheCoding.decode(Entry.self, from: $0) }
    }

    public func remove(id: Entry.ID) async {
        guard let key = try? CacheCoding.key(id) else { return }
        let name = self.name
        _ = await database.write("remove an entry of the \(name) outbox") { db in
            try db.execute(sql: "DELETE FROM outboxEntry WHERE outbox = ? AND id = ?", arguments: [name, key])
        }
    }
}
