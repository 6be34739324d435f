import Synchronization

/// Whether the database is known not to answer, so that requests meanwhile are refused at once
/// instead of each waiting out the whole deadline for it.
///
/// After an operation finds the database unreachable, others are refused for `retryInterval`;
/// then one operation is let through to try again (the others are still refused meanwhile), and
/// its outcome either ends the outage or starts another interval. Requests queueing behind a
/// database that is down would otherwise hold every connection slot for seconds each.
final class OutageGate: Sendable {
    private enum State {
        case answering
        case down(since: ContinuousClock.Instant)
        case retrying
    }

    /// How long operations are refused after the database did not answer.
    let retryInterval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State.answering)

    init(retryInterval: Duration = .seconds(5), now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.retryInterval = retryInterval
        self.now = now
    }

    /// Whether an operation may try the database now: always while it answers; during an outage,
    /// only the one operation that tries again once the interval is over.
    func admits() -> Bool {
        let now = now()
        return state.withLock { state in
            switch state {
            case .answering:
                return true
            case .down(let since) where now - since >= retryInterval:
                state = .retrying
                return true
            case .down, .retrying:
                return false
            }
        }
    }

    /// The database answered (whatever it said).
    func answered() {
        state.withLock { $0 = .answering }
    }

    /// The database did not answer.
    func unanswered() {
        let now = now()
        state.withLock { $0 = .down(since: now) }
    }

    /// An operation ended without learning anything (it was cancelled): if it was the one trying
    /// again, the next operation tries instead.
    func abandoned() {
        let now = now()
        state.withLock { state in
            if case .retrying = state { state = .down(since: now - retryInterval) }
        }
    }
}
