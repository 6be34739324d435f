import AgoraChildProcess
import AgoraPostgresTesting
import AgoraWeb
import Foundation

/// The stores of sessions a test of several agora-web processes runs against.
enum WebSessionStoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite = "SQLite"
    case postgres = "PostgreSQL"

    /// Both, or only SQLite when the PostgreSQL tests are left out.
    static var all: [WebSessionStoreKind] { PostgresTestCluster.isSkipped ? [.sqlite] : allCases }

    var description: String { rawValue }

    /// A new, empty place for sessions of this kind: a file in a folder of its own, or a
    /// database in the tests' PostgreSQL cluster.
    func makePlace() async throws -> WebSessionStorePlace {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appending(path: "agora-web-sessions-\(UUID().uuidString.prefix(8))")
            let path = folder.appending(path: "sessions.sqlite").path
            return WebSessionStorePlace(
                arguments: ["--sessions-db", path], open: { try SQLiteWebSessionStore(path: path) },
                delete: { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            #if PostgreSQL
            let url = try await PostgresTestCluster.shared.makeDatabase()
            // Operations wait out a hang, not a busy machine: the whole suite runs beside.
            return WebSessionStorePlace(
                arguments: ["--sessions-url", url.description + "?sslmode=disable"],
                open: { try await PostgresWebSessionStore.open(url, deadline: Hang.bound, startupDeadline: Hang.bound) },
                delete: {})
            #else
            preconditionFailure("PostgreSQL is left out of this build: WebSessionStoreKind.all holds SQLite only")
            #endif
        }
    }
}

/// Where a test's agora-web processes keep their sessions: the options that name it, a store
/// opened on it as another process would, and its removal.
struct WebSessionStorePlace: Sendable {
    /// agora-web's options for it.
    let arguments: [String]
    /// A store on it, as one more process opens it.
    let open: @Sendable () async throws -> any WebSessionStore
    /// Removes it (a database is left to the cluster, which goes with the test process).
    let delete: @Sendable () -> Void
}
