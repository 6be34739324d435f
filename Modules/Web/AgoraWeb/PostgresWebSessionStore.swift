#if PostgreSQL
import AgoraPostgres
import Foundation
import Logging
import PostgresNIO

/// Session records in PostgreSQL, for agora-web processes that may run on several machines
/// (`agora-web --sessions-url URL`; `Scripts/agora-cluster --web M`): each connects to the same
/// database.
///
/// The same row as ``SQLiteWebSessionStore``'s: the columns a bound is decided on, and the
/// record as JSON. Making room takes one advisory lock, so processes that start sessions at the
/// same moment each count what the other ended. Every operation waits at most ``deadline``: a
/// database that does not answer costs a request 503 and a retry, never a hang.
public final class PostgresWebSessionStore: WebSessionStore {
    /// How long an operation waits for PostgreSQL.
    public let deadline: Duration
    private let client: PostgresClient
    private let logger: Logger
    /// The client's connection pool runs as long as the store is kept.
    private let running: Task<Void, Never>

    private init(client: PostgresClient, deadline: Duration, logger: Logger) {
        self.client = client
        self.deadline = deadline
        self.logger = logger
        running = Task { await client.run() }
    }

    deinit {
        running.cancel()
    }

    /// Connects to `url` and makes the sessions' table when it is not there yet.
    ///
    /// - Parameters:
    ///   - url: the database; agora-web's table is its own, so it may be agora-server's too.
    ///   - deadline: how long an operation waits for PostgreSQL.
    ///   - startupDeadline: how long reaching the database and making the table may take: longer
    ///     than an operation, since nothing is served meanwhile and a busy database may take a while.
    ///   - logger: where postgres-nio logs (``quietLogger``: its errors).
    /// - Throws: ``Unavailable`` in one line, naming the database, when it cannot be reached or
    ///   the table made.
    public static func open(
        _ url: PostgresURL, deadline: Duration = .seconds(5), startupDeadline: Duration = .seconds(60), logger: Logger = quietLogger
    ) async throws -> PostgresWebSessionStore {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: url.poolTLS)
        configuration.options.connectTimeout = deadline
        // A request uses one connection for a moment; a few serve a process's every visitor.
        configuration.options.maximumConnections = 4
        // One connection first: the pool would retry an unreachable database or a refused login
        // until the deadline, where this fails at once and says why.
        do {
            let single = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: try url.connectionTLS())
            try await withDeadline(startupDeadline, timedOut: { Unavailable(description: "PostgreSQL did not answer within \(startupDeadline)") }) {
                // Closed within the deadline's work: one that opens after the caller gave up is
                // still closed, never dropped open.
                try await PostgresConnection.connect(configuration: single, id: 0, logger: logger).close()
            }
        } catch {
            throw Unavailable(description: "\(url): \(PostgresErrorText.oneLine(error))")
        }
        let store = PostgresWebSessionStore(client: PostgresClient(configuration: configuration, backgroundLogger: logger), deadline: deadline, logger: logger)
        do {
            try await store.bounded(within: startupDeadline) { [logger] client in
                try await client.withTransaction(logger: logger) { connection in
                    // Processes that start together would race to make the table.
                    try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                    try await connection.query(
                        """
                        CREATE TABLE IF NOT EXISTS web_sessions (
                            id TEXT PRIMARY KEY,
                            address TEXT NOT NULL,
                            logged_in BOOLEAN NOT NULL,
                            has_acted BOOLEAN NOT NULL,
                            last_used DOUBLE PRECISION NOT NULL,
                            version BIGINT NOT NULL,
                            record BYTEA NOT NULL
                        )
                        """, logger: logger)
                    try await connection.query(
                        "CREATE INDEX IF NOT EXISTS web_sessions_by_address ON web_sessions (address, last_used)", logger: logger)
                    try await connection.query("CREATE INDEX IF NOT EXISTS web_sessions_by_use ON web_sessions (last_used)", logger: logger)
                }
            }
        } catch {
            throw Unavailable(description: "\(url): \(PostgresErrorText.oneLine(error))")
        }
        return store
    }

    /// postgres-nio's own log, errors only: what goes wrong reaches the request as one line
    /// (503), where postgres-nio would also log each try of its pool to reconnect.
    public static var quietLogger: Logger {
        var logger = Logger(label: "agora-web.sessions")
        logger.logLevel = .error
        return logger
    }

    /// The advisory lock that makes the table and room one process at a time.
    private static let lockKey = 0x6167_6f72_6177_6562  // "agoraweb"

    public func version(of id: String) async throws -> Int? {
        try await bounded { [logger] client in
            let rows = try await client.query("SELECT version FROM web_sessions WHERE id = \(id)", logger: logger)
            for try await version in rows.decode(Int.self) { return version }
            return nil
        }
    }

    public func load(_ id: String) async throws -> StoredWebSession? {
        let data = try await bounded { [logger] client -> Data? in
            let rows = try await client.query("SELECT record FROM web_sessions WHERE id = \(id)", logger: logger)
            for try await record in rows.decode(Data.self) { return record }
            return nil
        }
        return try data.map { try JSONDecoder().decode(StoredWebSession.self, from: $0) }
    }

    public func save(_ session: StoredWebSession) async throws {
        let record = try JSONEncoder().encode(session)
        try await bounded { [logger] client in
            _ = try await client.query(
                """
                INSERT INTO web_sessions (id, address, logged_in, has_acted, last_used, version, record)
                VALUES (\(session.id), \(session.address), \(session.isLoggedIn), \(session.hasActed), \(session.lastUsed.timeIntervalSince1970), \(session.version), \(record))
                ON CONFLICT (id) DO UPDATE SET address = excluded.address, logged_in = excluded.logged_in,
                    has_acted = excluded.has_acted, last_used = excluded.last_used, version = excluded.version, record = excluded.record
                    WHERE web_sessions.version < excluded.version
                """, logger: logger)
        }
    }

    public func remove(_ id: String) async throws {
        try await bounded { [logger] client in
            _ = try await client.query("DELETE FROM web_sessions WHERE id = \(id)", logger: logger)
        }
    }

    public func makeRoom(for address: String, maximumPerAddress: Int, maximumCount: Int) async throws -> [String] {
        try await bounded { [logger] client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                var ended: [String] = []
                // The least valuable first: readers, then visitors who acted, then members.
                let ofAddress = try await connection.query(
                    """
                    SELECT id FROM web_sessions WHERE address = \(address)
                        AND (SELECT count(*) FROM web_sessions WHERE address = \(address)) >= \(maximumPerAddress)
                    ORDER BY logged_in, has_acted, last_used LIMIT 1
                    """, logger: logger)
                for try await id in ofAddress.decode(String.self) { ended.append(id) }
                let ofAll = try await connection.query(
                    """
                    SELECT id FROM web_sessions WHERE (SELECT count(*) FROM web_sessions) >= \(maximumCount)
                    ORDER BY logged_in, has_acted, last_used LIMIT 1
                    """, logger: logger)
                for try await id in ofAll.decode(String.self) where !ended.contains(id) { ended.append(id) }
                for id in ended { try await connection.query("DELETE FROM web_sessions WHERE id = \(id)", logger: logger) }
                return ended
            }
        }
    }

    public func removeIdle(since cutoff: Date) async throws -> [String] {
        try await bounded { [logger] client in
            let rows = try await client.query(
                "DELETE FROM web_sessions WHERE last_used < \(cutoff.timeIntervalSince1970) RETURNING id", logger: logger)
            var ids: [String] = []
            for try await id in rows.decode(String.self) { ids.append(id) }
            return ids
        }
    }

    /// Runs `body` on the pool; its failure, or `limit` (the ``deadline`` unless given) passing,
    /// as ``Unavailable``. At the deadline the caller goes on without waiting for `body`: a
    /// query on a connection whose database went away may ignore its cancellation.
    private func bounded<T: Sendable>(
        within limit: Duration? = nil, _ body: @escaping @Sendable (PostgresClient) async throws -> T
    )
        async throws(Unavailable) -> T
    {
        let deadline = limit ?? deadline
        do {
            return try await withDeadline(deadline, timedOut: { Unavailable(description: "PostgreSQL did not answer within \(deadline)") }) {
                [client] in try await body(client)
            }
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(description: PostgresErrorText.oneLine(error))
        }
    }

    /// The database could not be reached or did not answer; one line saying why.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }
}
#endif
