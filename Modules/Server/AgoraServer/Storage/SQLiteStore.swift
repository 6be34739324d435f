import AgoraContract
import Foundation
import GRDB

/// The server's data: every query and write the API needs, each in one transaction.
///
/// Reads run concurrently (on a file database, GRDB's pool gives each its own connection);
/// writes are serialised by GRDB, so a check-then-write inside one ``write(_:)`` is atomic.
struct ServerStore: Sendable {
    let database: any DatabaseWriter
    /// Advanced after every write, whether it changed rows or not: ``ReadCache`` serves a copy
    /// only while the generation it was made at is current.
    let generation = StoreGeneration()

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await database.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        // Advanced when the write ends, committed or not: a failed write costs at most a miss.
        defer { generation.advance() }
        return try await database.write(body)
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
