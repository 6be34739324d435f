import AgoraContract
import Foundation
import GRDB

/// The server's data in SQLite (GRDB): a file, or memory; the embedded default.
///
/// Reads run concurrently (on a file database, GRDB's pool gives each its own connection);
/// writes are serialised by GRDB, so a check-then-write inside one ``write(_:)`` is atomic.
struct SQLiteStore: ServerStore {
    let database: any DatabaseWriter
    /// Advanced after every write, whether it changed rows or not: ``ReadCache`` serves a copy
    /// only while the generation it was made at is current.
    let localGeneration = StoreGeneration()
    /// How many reads and writes hold a connection or wait for one, for `GET /metrics`.
    var use = DatabaseUse()

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await use.measure { connected in
            try await database.read { db in
                connected()
                return try body(db)
            }
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        // Advanced when the write ends, committed or not: a failed write costs at most a miss.
        defer { localGeneration.advance() }
        return try await use.measure { connected in
            try await database.write { db in
                connected()
                return try body(db)
            }
        }
    }

    func generation() async throws -> UInt64 { localGeneration.current }

    func seedIfEmpty(_ seeder: DemoSeeder) async throws -> DemoSeeder.Summary? {
        try await seeder.seedIfEmpty(database)
    }
}

extension Row {
    /// The `User` whose columns are prefixed `prefix` (`id`, `name`, `email`): an account as
    /// its owner sees it.
    func user(prefix: String) -> Components.Schemas.User {
        Components.Schemas.User(id: self["\(prefix)id"], name: self["\(prefix)name"], email: self["\(prefix)email"])
    }

    /// The `Author` whose columns are prefixed `prefix` (`author_id`, `author_name`): a person
    /// as anyone may see them, with no email.
    func author(prefix: String) -> Components.Schemas.Author {
        Components.Schemas.Author(id: self["\(prefix)id"], name: self["\(prefix)name"])
    }
}
