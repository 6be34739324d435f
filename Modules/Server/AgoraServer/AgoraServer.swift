import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The Agora API over HTTP: the contract's operations (openapi.yaml), served by Hummingbird,
/// stored in SQLite through GRDB or, shared by several servers, in PostgreSQL.
///
/// Creating a server opens (or creates) its database, migrates it and seeds it when it is empty;
/// running it listens until the task is cancelled or, with ``runUntilSignalled(onListening:)``,
/// until SIGINT or SIGTERM. Tests usually let ``start(_:logger:)`` do both and read the port:
///
/// ```swift
/// let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4))
/// let events = server.baseURL.appending(path: "v1/events")
/// // … requests …
/// await server.stop()
/// ```
public struct AgoraServer: Sendable {
    public let configuration: AgoraServerConfiguration
    let store: any ServerStore
    let handlers: APIHandlers
    /// Encoded reads, shared by every start of this server (a write makes them stale).
    let readCache: ReadCache
    /// Sessions found by their token, until the next write.
    let sessions: SessionCache
    /// What `GET /metrics` shows: requests, latency, logins, refusals and the database's use.
    let metrics: ServerMetrics
    let logger: Logger

    /// Opens, migrates and (when it is empty and a seed is configured) seeds the database.
    ///
    /// - Parameter logger: where the server logs, at ``AgoraServerConfiguration/logLevel``;
    ///   `agora-server` by default, through whatever `LoggingSystem` the process bootstrapped.
    /// - Throws: ``ConfigurationError`` for a setting out of range; the database's error when it
    ///   cannot be opened or migrated.
    public init(configuration: AgoraServerConfiguration, logger: Logger? = nil) async throws {
        try configuration.validate()
        var logger = logger ?? Logger(label: "agora-server")
        logger.logLevel = configuration.logLevel
        let metrics = ServerMetrics()
        let store: any ServerStore =
            switch configuration.database {
            case .inMemory: SQLiteStore(database: try ServerDatabase.open(path: nil), use: metrics.database)
            case .file(let path): SQLiteStore(database: try ServerDatabase.open(path: path), use: metrics.database)
            case .postgres(let url):
                try await Self.openPostgres(
                    url, deadline: configuration.databaseDeadline, startupDeadline: configuration.databaseStartupDeadline, use: metrics.database,
                    logger: logger)
            }
        let passwords = PasswordHasher(
            cost: configuration.bcryptCost, concurrentHashes: configuration.concurrentPasswordHashes, queueLimit: configuration.passwordCheckQueue
        )
        if case .demo(let seed) = configuration.seed {
            try await Self.seed(seed, into: store, passwords: passwords, logger: logger)
        }
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
        self.store = store
        readCache = ReadCache(store: store)
        sessions = SessionCache(store: store, now: configuration.now)
        handlers = APIHandlers(
            store: store, passwords: passwords, decoyHash: await passwords.hash(RandomToken.make()),
            tokenLifetime: configuration.tokenLifetime, twoFactorLifetime: configuration.twoFactorLifetime,
            sessionsPerAccount: configuration.sessionsPerAccount, loginsPerAccountPerMinute: configuration.loginsPerAccountPerMinute,
            throttle: LoginThrottle(limits: configuration.loginThrottling, now: configuration.now),
            posting: PostingThrottle(limit: configuration.commentPosting, now: configuration.now),
            changes: ChangeFeed(
                store: store, notifiedInterval: configuration.changeStreamCheckInterval, heartbeat: configuration.changeStreamHeartbeat,
                backlogLimit: configuration.changeStreamBacklog, now: configuration.now),
            now: configuration.now, logger: logger
        )
    }

    /// Serves until the calling task is cancelled.
    ///
    /// - Parameter onListening: called once with the bound port (the real one when
    ///   ``AgoraServerConfiguration/port`` is 0), when the server accepts connections.
    /// - Throws: when the address cannot be bound.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(port: configuration.port, onListening: onListening).run()
    }

    /// Serves until SIGINT or SIGTERM, then stops gracefully: no new connections, requests in
    /// flight are answered. What `agora-server` runs.
    public func runUntilSignalled(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        // A graceful stop reaches the services last first: the streams of changes end, then the
        // server answers what is in flight, which no stream holds open any more.
        let services: [any Service] = [try makeApplication(port: configuration.port, onListening: onListening), ChangeStreamsEnding(feed: handlers.changes)]
        try await ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
    }

    /// Starts serving in the background and returns once the server listens.
    ///
    /// A server can be started again after its ``RunningAgoraServer/stop()``: it keeps its
    /// database, in memory too, so a test can take the server away and bring it back with the
    /// data users left.
    ///
    /// - Parameter port: the port to listen on instead of the configured one; pass a stopped
    ///   server's ``RunningAgoraServer/port`` to come back where clients expect it.
    /// - Throws: when the address cannot be bound, or the calling task is cancelled first.
    public func start(port: Int? = nil) async throws -> RunningAgoraServer {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = try makeApplication(port: port ?? configuration.port) { port in listening.yield(port) }
        // Its streams of changes end at the stop, and the feed serves again if it starts again.
        let services = BackgroundServices(
            [application, ChangeStreamsEnding(feed: handlers.changes, refusesLaterStreams: false)], logger: logger
        ) { listening.finish() }
        return try await withTaskCancellationHandler {
            for await port in ports {
                return RunningAgoraServer(host: configuration.host, port: port, services: services)
            }
            // The stream ended without a port: the run failed (or was cancelled) before listening.
            try await services.value()
            throw CancellationError()
        } onCancel: {
            services.cancel()
        }
    }

    /// Creates a server from `configuration` and starts it: ``init(configuration:logger:)`` then
    /// ``start(port:)``.
    public static func start(_ configuration: AgoraServerConfiguration, logger: Logger? = nil) async throws -> RunningAgoraServer {
        try await AgoraServer(configuration: configuration, logger: logger).start()
    }

    private static func seed(_ seed: DemoSeed, into store: any ServerStore, passwords: PasswordHasher, logger: Logger) async throws {
        let started = ContinuousClock.now
        guard let summary = try await store.seedIfEmpty(DemoSeeder(seed: seed, passwords: passwords)) else {
            logger.info("The database already has data; not seeding the demo data")
            return
        }
        logger.info(
            "Seeded the demo data",
            metadata: [
                "users": "\(summary.users)", "events": "\(summary.events)", "rsvps": "\(summary.rsvps)",
                "comments": "\(summary.comments)", "activities": "\(summary.activities)",
                "duration": "\(ContinuousClock.now - started)",
            ])
    }
}
