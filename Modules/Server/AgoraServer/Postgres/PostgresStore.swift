#if PostgreSQL
import AgoraPostgres
import Foundation
import Logging
import PostgresNIO

/// The server's data in PostgreSQL: one database that several server processes share, so they
/// answer as one server (a token, a post, a retried post, a login's failures and an account's
/// posts towards its posting limit count on all).
///
/// Every write runs in a transaction that also advances the one-row `store_generation` table,
/// so each process's ``ReadCache`` sees the others' writes (``generation()``).
final class PostgresStore: ServerStore {
    /// The connection pool, made again when operations hung on its connections.
    private let pool: PostgresPool
    let logger: Logger
    /// How many operations hold a connection of the pool or wait for one, for `GET /metrics`.
    let use: DatabaseUse
    /// Reads of the generation, shared by the requests that ask at the same time.
    private let generations = CoalescedRead<UInt64>()
    /// Whether the database is known down, so requests are refused at once rather than each
    /// waiting out ``deadline``; one tries again every 5 s, as the refusal's `Retry-After` says.
    private let outage = OutageGate()
    /// Where the database is, for a connection of its own when ``checkAnswers()`` needs to say
    /// why the pool gets none.
    private let url: PostgresURL

    /// How long an operation waits for the database before the request is answered 503: a
    /// stopped database must not hold every request (and its connection) open.
    let deadline: Duration
    /// How long start-up waits to reach the database, migrate and seed it: never less than
    /// ``deadline``, since migrating is more work than any request.
    let startupDeadline: Duration

    private init(url: PostgresURL, pool: PostgresPool, deadline: Duration, startupDeadline: Duration, use: DatabaseUse, logger: Logger) {
        self.url = url
        self.deadline = deadline
        self.startupDeadline = max(startupDeadline, deadline)
        self.use = use
        self.pool = pool
        self.logger = logger
    }

    /// The pool's client now, for work of its own (migrating, seeding).
    var client: PostgresClient { pool.client }

    /// Connects to `url` and brings its schema up to date (``PostgresSchema``).
    ///
    /// - Parameters:
    ///   - deadline: how long an operation waits for the database (``deadline``).
    ///   - startupDeadline: how long reaching the database and migrating it may take
    ///     (``startupDeadline``).
    /// - Throws: the database's error when it cannot be reached or migrated, as one line.
    static func open(
        _ url: PostgresURL, deadline: Duration, startupDeadline: Duration, use: DatabaseUse = DatabaseUse(), logger: Logger
    ) async throws -> PostgresStore {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: url.poolTLS
        )
        configuration.options.connectTimeout = deadline
        let store = PostgresStore(
            url: url, pool: PostgresPool(configuration: configuration, logger: logger), deadline: deadline, startupDeadline: startupDeadline, use: use,
            logger: logger)
        // One connection first: the pool would retry an unreachable database or a refused
        // login until the deadline, where this fails at once and says why.
        if let failure = await store.connectionFailure(within: store.startupDeadline) { throw PostgresUnavailable(underlying: failure) }
        do {
            try await store.bounded(within: store.startupDeadline) { try await PostgresSchema.migrate(store.client, logger: logger) }
        } catch {
            throw PostgresUnavailable(underlying: error)
        }
        return store
    }

    /// Runs `body` in a transaction that also advances the store's generation; rolled back when
    /// `body` throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await answeringUnavailable { [logger, use] client, held in
            try await use.measure(whenAbandoned: held.whenAbandoned) { connected in
                try await client.withTransaction(logger: logger) { connection in
                    connected()
                    held.hold(connection)
                    let result = try await body(connection)
                    try await connection.query("UPDATE store_generation SET value = value + 1", logger: logger)
                    return result
                }
            }
        }
    }

    /// Runs `body` in a transaction that leaves the store's generation as it is: for state no
    /// cached answer shows (the posting buckets), so changing it empties no server's read cache.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await answeringUnavailable { [logger, use] client, held in
            try await use.measure(whenAbandoned: held.whenAbandoned) { connected in
                try await client.withTransaction(logger: logger) { connection in
                    connected()
                    held.hold(connection)
                    return try await body(connection)
                }
            }
        }
    }

    /// Runs `body` on one connection, outside a transaction: each query sees what was committed
    /// when it started. It waits `limit` at most (the store's ``deadline`` unless given: start-up
    /// waits longer, as nothing is served meanwhile).
    func read<T: Sendable>(within limit: Duration? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await answeringUnavailable(within: limit) { [use] client, held in
            try await use.measure(whenAbandoned: held.whenAbandoned) { connected in
                try await client.withConnection { connection in
                    connected()
                    held.hold(connection)
                    return try await body(connection)
                }
            }
        }
    }

    /// Runs `body` within ``deadline``; when the database cannot be reached or does not answer
    /// in time, throws ``APIError/databaseUnavailable`` (503) rather than a 500.
    ///
    /// `body` runs on the pool's client, and tells the ``HeldConnection`` it is given which
    /// connection it holds: past the deadline that connection is closed, and an operation that
    /// still has not ended a moment later is abandoned, its pool made again.
    private func answeringUnavailable<T: Sendable>(
        within limit: Duration? = nil, _ body: @escaping @Sendable (PostgresClient, HeldConnection) async throws -> T
    ) async throws -> T {
        guard outage.admits() else { throw APIError.databaseUnavailable }
        let client = pool.client
        let held = HeldConnection()
        do {
            let value = try await bounded(within: limit) {
                defer { held.end() }
                return try await body(client, held)
            }
            outage.answered()
            return value
        } catch let timeout as PostgresTimedOut {
            held.close()
            letGo(held, of: client)
            throw noted(Self.unavailableIfUnanswered(timeout, logger: logger))
        } catch let error as PostgresTransactionError {
            // What went wrong inside the transaction (a refusal such as 404), which was rolled
            // back; else why it could not begin or commit.
            throw noted(Self.unavailableIfUnanswered(error.closureError ?? error.beginError ?? error.commitError ?? error, logger: logger))
        } catch {
            throw noted(Self.unavailableIfUnanswered(error, logger: logger))
        }
    }

    /// Abandons the operation of `held` if it has not ended a moment after its connection was
    /// closed: it never will, so it counts as holding nothing, and `client`'s pool, short of that
    /// connection for ever, is made again.
    private func letGo(_ held: HeldConnection, of client: PostgresClient) {
        Task { [pool, logger] in
            try await Task.sleep(for: Self.closingGrace)
            guard !held.hasEnded else { return }
            held.abandon()
            if pool.renew(replacing: client) {
                logger.warning("A database operation hung on a closed connection; the connection pool was made again")
            }
        }
    }

    /// How long an operation whose connection was closed at its deadline has to end.
    static let closingGrace = Duration.seconds(1)

    /// `error`, after telling ``outage`` what it says of the database.
    private func noted(_ error: any Error) -> any Error {
        switch error {
        case let refusal as APIError where refusal == .databaseUnavailable: outage.unanswered()
        case is CancellationError: outage.abandoned()
        default: outage.answered()
        }
        return error
    }

    private static func unavailableIfUnanswered(_ error: any Error, logger: Logger) -> any Error {
        switch error {
        case let error as PSQLError where error.serverInfo == nil || isShuttingDown(error):
            logger.warning("PostgreSQL does not answer", metadata: ["error": "\(PostgresErrorText.oneLine(error))"])
            return APIError.databaseUnavailable
        case let error as PostgresTimedOut:
            logger.warning("PostgreSQL does not answer", metadata: ["error": "\(error)"])
            return APIError.databaseUnavailable
        default:
            return error
        }
    }

    /// Whether PostgreSQL answered that it is stopping, starting or lost the connection: SQLSTATE
    /// class 57 (operator intervention: `57P01` admin shutdown, `57P02` crash shutdown, `57P03`
    /// cannot connect now) or 08 (connection exception). A fast stop ends the queries under way
    /// with one of them; it says the database is away, as a refused connection does (503).
    static func isShuttingDown(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("57") || state.hasPrefix("08")
    }

    func generation() async throws -> UInt64 {
        try await generations.value { [self] in try await readGeneration() }
    }

    /// The generation now: one query, which ``generation()`` shares between requests that ask
    /// while it runs.
    private func readGeneration() async throws -> UInt64 {
        try await read { [logger] connection in
            let rows = try await connection.query("SELECT value FROM store_generation", logger: logger)
            for try await value in rows.decode(Int64.self) { return UInt64(bitPattern: value) }
            return 0
        }
    }

    /// Throws ``PostgresUnavailable``, whose description says why, when the database does not
    /// answer `SELECT 1` within ``deadline``, or when an operation has held its connection past
    /// the deadline: its request was answered 503 and the database still has not answered it.
    func checkAnswers() async throws {
        if let held = use.longestHolding, held > deadline + .seconds(1) {
            throw PostgresUnavailable(underlying: StuckOperation(held: held))
        }
        do {
            try await bounded { [client, logger] in _ = try await client.query("SELECT 1", logger: logger).collect() }
            // The check goes to the database whatever ``outage`` says, and what it finds is news.
            outage.answered()
        } catch let timeout as PostgresTimedOut {
            outage.unanswered()
            // The pool keeps retrying in the background and only times out: a connection of
            // its own says why ("connection refused", a wrong password).
            throw PostgresUnavailable(underlying: await connectionFailure() ?? timeout)
        } catch {
            if error is PSQLError { outage.unanswered() }
            throw PostgresUnavailable(underlying: error)
        }
    }

    /// The error a new connection to the database fails with now, waiting `limit` at most (the
    /// store's ``deadline`` unless given); `nil` when one opens.
    private func connectionFailure(within limit: Duration? = nil) async -> (any Error)? {
        do {
            let configuration = try connectionConfiguration()
            // Opened and closed within the deadline's work: a connection that opens after the
            // caller gave up is still closed, never dropped open.
            try await bounded(within: limit) { [logger] in
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                try? await connection.close()
            }
            return nil
        } catch {
            return error
        }
    }

    /// Where a connection of the store's own, outside the pool, connects.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: try url.connectionTLS())
    }

    /// Runs `body`, or throws ``PostgresTimedOut`` when it takes longer than `limit` (the
    /// store's ``deadline`` unless given), then without waiting for `body`: a query on a
    /// connection that died may ignore its cancellation for minutes (``withDeadline(_:timedOut:_:)``).
    func bounded<T: Sendable>(within limit: Duration? = nil, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let deadline = limit ?? self.deadline
        return try await withDeadline(deadline, timedOut: { PostgresTimedOut(deadline: deadline) }, body)
    }
}

/// An operation has held its connection longer than the store's deadline.
struct StuckOperation: Error, CustomStringConvertible {
    let held: Duration
    var description: String {
        "a database operation has waited \(held.components.seconds) s for PostgreSQL, past its deadline, and holds its connection"
    }
}

/// The database did not answer within ``PostgresStore/deadline``.
struct PostgresTimedOut: Error, CustomStringConvertible {
    let deadline: Duration
    var description: String { "PostgreSQL did not answer within \(deadline)" }
}

/// The server could not start on a PostgreSQL database; one line saying why (the caller names
/// the database).
struct PostgresUnavailable: Error, CustomStringConvertible {
    let underlying: any Error

    var description: String { PostgresErrorText.oneLine(underlying) }
}
#endif
