import AgoraPostgresTesting
import AgoraServer
import Foundation

/// The stores a storage test runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite = "SQLite"
    case postgres = "PostgreSQL"

    /// Both, or only SQLite when `AGORA_SKIP_POSTGRES=1` says to leave PostgreSQL out or the
    /// server was built without its PostgreSQL trait.
    static var all: [StoreKind] {
        PostgresTestCluster.isSkipped ? [.sqlite] : allCases
    }

    var description: String { rawValue }

    /// The database a new test server of this kind stores in: SQLite in memory, or a new
    /// database in the tests' PostgreSQL cluster.
    func database() async throws -> AgoraServerConfiguration.Database {
        switch self {
        case .sqlite: .inMemory
        case .postgres: .postgres(try await PostgresTestCluster.shared.makeDatabase())
        }
    }
}
