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
    ///
    /// - Parameters:
    ///   - whenAbandoned: given what stops counting the operation, for the store to call when
    ///     the operation will never return (it hung on a connection that closed).
    ///   - operation: the work.
    func measure<T>(
        whenAbandoned: (_ release: @escaping @Sendable () -> Void) -> Void = { _ in },
        _ operation: (_ connected: @escaping @Sendable () -> Void) async throws -> T
    ) async throws -> T {
        let lease = Lease(use: self)
        whenAbandoned { lease.end() }
        defer { lease.end() }
        return try await operation { lease.connected() }
    }

    /// One operation's state: waiting, then holding, then done.
    private final class Lease: Sendable {
        private enum Phase {
            case waiting, holding, ended
        }

        private let use: DatabaseUse
        private let started = ContinuousClock.now
        private let phase = Mutex(Phase.waiting)

        init(use: DatabaseUse) {
            self.use = use
            use.waiting.add(1, ordering: .relaxed)
        }

        func connected() {
            // A retried transaction calls it again: the first call counts; and an abandoned
            // operation's call counts for nothing.
            // Counted under the lock, so an ``end()`` at the same moment counts after it.
            let now = ContinuousClock.now
            let counts = phase.withLock { phase in
                guard phase == .waiting else { return false }
                phase = .holding
                use.waiting.subtract(1, ordering: .relaxed)
                use.holding.add(1, ordering: .relaxed)
                use.holdingSince.withLock { $0[ObjectIdentifier(self)] = now }
                return true
            }
            if counts { use.recordWait(now - started) }
        }

        /// Stops counting the operation; only the first call counts (an abandoned operation that
        /// ends after all calls it again).
        func end() {
            phase.withLock { phase in
                switch phase {
                case .waiting:
                    use.waiting.subtract(1, ordering: .relaxed)
                case .holding:
                    use.holding.subtract(1, ordering: .relaxed)
                    use.holdingSince.withLock { $0[ObjectIdentifier(self)] = nil }
                case .ended:
                    break
                }
                phase = .ended
            }
        }
    }
}
