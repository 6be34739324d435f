#if PostgreSQL
import Logging
import PostgresNIO
import Synchronization

/// The store's connection pool, which can be made again: an operation that hung on one of its
/// connections holds that connection's place in the pool for ever (``HeldConnection``), and a
/// few such would leave a pool with no connection to give. A new pool in its place has them all.
final class PostgresPool: Sendable {
    private struct Current {
        let client: PostgresClient
        /// The pool runs until it is replaced or the store goes.
        let running: Task<Void, Never>
    }

    private let configuration: PostgresClient.Configuration
    private let logger: Logger
    private let current: Mutex<Current>

    init(configuration: PostgresClient.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        current = Mutex(Self.start(configuration, logger: logger))
    }

    deinit {
        current.withLock { $0.running.cancel() }
    }

    /// The pool operations take connections from now.
    var client: PostgresClient { current.withLock(\.client) }

    /// Puts a new pool in place of `lost`, unless another operation did already; the old one
    /// closes its connections as they come back (one that never comes back costs nothing more).
    ///
    /// - Returns: whether this call made the new pool.
    func renew(replacing lost: PostgresClient) -> Bool {
        let old: Current? = current.withLock { current in
            guard current.client === lost else { return nil }
            defer { current = Self.start(configuration, logger: logger) }
            return current
        }
        old?.running.cancel()
        return old != nil
    }

    private static func start(_ configuration: PostgresClient.Configuration, logger: Logger) -> Current {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return Current(client: client, running: Task { await client.run() })
    }
}
#endif
