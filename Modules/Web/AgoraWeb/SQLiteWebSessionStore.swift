import Foundation
import GRDB

/// Session records in an SQLite file (GRDB, write-ahead log), for the agora-web processes of one
/// machine: each opens the same file (`agora-web --sessions-db PATH`).
///
/// A row per session: the columns its bounds are decided on (address, logged in, acted, last
/// used, version) and the record itself as JSON.
public final class SQLiteWebSessionStore: WebSessionStore {
    private let database: DatabasePool

    /// Opens (or creates) the file at `path`, its folder made if need be.
    ///
    /// - Throws: GRDB's error when the file cannot be opened or its table made.
    public init(path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var configuration = Configuration()
        // Another process writing the file at the same moment is waited for, not an error.
        configuration.busyMode = .timeout(5)
        database = try Self.open(path, configuration: configuration)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS web_sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        address TEXT NOT NULL,
                        logged_in INTEGER NOT NULL,
                        has_acted INTEGER NOT NULL,
                        last_used REAL NOT NULL,
                        version INTEGER NOT NULL,
                        record BLOB NOT NULL
                    );
                    CREATE INDEX IF NOT EXISTS web_sessions_by_address ON web_sessions(address, last_used);
                    CREATE INDEX IF NOT EXISTS web_sessions_by_use ON web_sessions(last_used);
                    """)
        }
    }

    /// Opens the pool, trying again for up to 5 s while another process holds the file: two
    /// processes that start together both switch a new file to its write-ahead log, which SQLite
    /// answers "database is locked" to the second without waiting.
    private static func open(_ path: String, configuration: Configuration) throws -> DatabasePool {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    public func version(of id: String) async throws -> Int? {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT version FROM web_sessions WHERE id = ?", arguments: [id]) }
    }

    public func load(_ id: String) async throws -> StoredWebSession? {
        let data = try await database.read { db in try Data.fetchOne(db, sql: "SELECT record FROM web_sessions WHERE id = ?", arguments: [id]) }
        return try data.map { try JSONDecoder().decode(StoredWebSession.self, from: $0) }
    }

    public func save(_ session: StoredWebSession) async throws {
        let record = try JSONEncoder().encode(session)
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO web_sessions (id, address, logged_in, has_acted, last_used, version, record) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET address = excluded.address, logged_in = excluded.logged_in,
                        has_acted = excluded.has_acted, last_used = excluded.last_used, version = excluded.version, record = excluded.record
                    WHERE web_sessions.version < excluded.version
                    """,
                arguments: [
                    session.id, session.address, session.isLoggedIn, session.hasActed, session.lastUsed.timeIntervalSince1970, session.version,
                    record,
                ])
        }
    }

    public func remove(_ id: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM web_sessions WHERE id = ?", arguments: [id]) }
    }

    public func makeRoom(for address: String, maximumPerAddress: Int, maximumCount: Int) async throws -> [String] {
        try await database.write { db in
            var ended: [String] = []
            // The least valuable first: readers, then visitors who acted, then members.
            let leastValuable = "ORDER BY logged_in, has_acted, last_used LIMIT 1"
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM web_sessions WHERE address = ?", arguments: [address]) ?? 0 >= maximumPerAddress,
                let id = try String.fetchOne(db, sql: "SELECT id FROM web_sessions WHERE address = ? \(leastValuable)", arguments: [address])
            {
                try db.execute(sql: "DELETE FROM web_sessions WHERE id = ?", arguments: [id])
                ended.append(id)
            }
            if try Int.fetchOne(db, sql: "SELECT count(*) FROM web_sessions") ?? 0 >= maximumCount,
                let id = try String.fetchOne(db, sql: "SELECT id FROM web_sessions \(leastValuable)")
            {
                try db.execute(sql: "DELETE FROM web_sessions WHERE id = ?", arguments: [id])
                ended.append(id)
            }
            return ended
        }
    }

    public func removeIdle(since cutoff: Date) async throws -> [String] {
        try await database.write { db in
            let ids = try String.fetchAll(db, sql: "SELECT id FROM web_sessions WHERE last_used < ?", arguments: [cutoff.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM web_sessions WHERE last_used < ?", arguments: [cutoff.timeIntervalSince1970])
            return ids
        }
    }
}
