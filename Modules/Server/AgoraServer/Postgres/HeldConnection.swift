#if PostgreSQL
import PostgresNIO
import Synchronization

/// The connection one store operation holds, so that an operation past its deadline lets go of
/// it.
///
/// A query on a connection whose database went away may wait for an answer that never comes,
/// and ignore its cancellation; and postgres-nio (1.33) never answers a query sent on a
/// connection that has just closed. The request has long been answered 503 by then. So at the
/// deadline the connection is closed, which fails a query under way (and PostgreSQL rolls back
/// a transaction never committed: a 503 means not stored); an operation that still has not
/// ended a moment later never will, and is abandoned: it no longer counts as holding a
/// connection, and the store makes its pool again (``PostgresPool/renew(replacing:)``).
final class HeldConnection: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var hasEnded = false
        /// Stops counting the operation as holding a connection (``DatabaseUse``).
        var release: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// The operation has `connection` now.
    func hold(_ connection: PostgresConnection) {
        state.withLock { $0.connection = connection }
    }

    /// Keeps what stops counting the operation as holding a connection, for ``abandon()``.
    func whenAbandoned(_ release: @escaping @Sendable () -> Void) {
        state.withLock { $0.release = release }
    }

    /// The operation returned or threw.
    func end() {
        state.withLock { $0.hasEnded = true }
    }

    /// Whether the operation returned or threw.
    var hasEnded: Bool { state.withLock(\.hasEnded) }

    /// Closes the connection held, if any and still open, without waiting for it to close.
    func close() {
        guard let connection = state.withLock({ $0.connection }), !connection.isClosed else { return }
        Task { try? await connection.close() }
    }

    /// Counts the operation, which will never end, as holding no connection any more.
    func abandon() {
        state.withLock { $0.release }?()
    }
}
#endif
