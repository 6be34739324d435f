import Synchronization

/// How busy the store's connections are: how many operations hold one now, how many wait for
/// one, and how long each waited. `GET /metrics` shows it, so an operator sees a pool too small
/// for the load (waits that grow) apart from a slow database (connections held long).
final class DatabaseUse: Sendable {
    private let holding = Atomic<Int>(0)
    private let waiting = Atomic<Int>(0)
    /// When each operation that holds a connection got it, by its lease.
    private let holdingSince = Mutex<[ObjectIdentifier: ContinuousClock.Instant]>([:])
    private let recordWait: @Sendable (Duration) -> Void

    /// - Parameter recordWait: called with each operation's wait for a connection.
    init(recordWait: @escaping @Sendable (Duration) -> Void = { _ in }) {
        self.recordWait = recordWait
    }

    /// Operations holding a connection now.
    var inUse: Int { holding.load(ordering: .relaxed) }
    /// Operations waiting for a connection now.
    var waitingForConnection: Int { waiting.load(ordering: .relaxed) }

    /// How long the operation that has held its connection longest has held it; `nil` when none
    /// holds one. An operation past the store's deadline was answered 503 and left to end by
    /// itself: one that still holds its connection is stuck in the database.
    var longestHolding: Duration? {
        let now = ContinuousClock.now
        return holdingSince.withLock { $0.values.min() }.map { now - $0 }
    }

    /// Runs one operation on the store, counted as waiting until it calls the closure it is
    /// given (when its connection is there) and as holding one from then until it returns.
    func measure<T>(_ operation: (_ connected: @escaping @Sendable () -> Void) async throws -> T) async throws -> T {
        let lease = Lease(use: self)
        defer { lease.end() }
        return try await operation { lease.connected() }
    }

    /// One operation's state: waiting, then holding, then done.
    private final class Lease: Sendable {
        private let use: DatabaseUse
        private let started = ContinuousClock.now
        private let isConnected = Atomic<Bool>(false)

        init(use: DatabaseUse) {
            self.use = use
            use.waiting.add(1, ordering: .relaxed)
        }

        func connected() {
            // A retried transaction calls it again: the first call counts.
            guard isConnected.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
            use.waiting.subtract(1, ordering: .relaxed)
            use.holding.add(1, ordering: .relaxed)
            let now = ContinuousClock.now
            use.holdingSince.withLock { $0[ObjectIdentifier(self)] = now }
            use.recordWait(now - started)
        }

        func end() {
            if isConnected.load(ordering: .relaxed) {
                use.holding.subtract(1, ordering: .relaxed)
                use.holdingSince.withLock { $0[ObjectIdentifier(self)] = nil }
            } else {
                use.waiting.subtract(1, ordering: .relaxed)
            }
        }
    }
}
