import Synchronization

/// What a test double's requests do, by their order: every request is recorded, and request
/// number N (0-based) can be made to fail or be held behind a ``Gate``. Spies of UseCases and
/// loaders share it instead of each keeping its own lists.
///
///     let plan = RequestPlan<String?, ServiceError>()
///     plan.fail(request: 1, with: .offline)     // the second request fails
///     let slow = plan.hold(request: 0)          // the first waits for slow.open()
///     try await plan.enter(cursor)              // in the double, before it answers
public final class RequestPlan<Request: Sendable, Failure: Error & Sendable>: Sendable {
    private struct State {
        var requests: [Request] = []
        var failures: [Int: Failure] = [:]
        var gates: [Int: Gate] = [:]
        /// Who waits for how many requests (``waitForRequests(count:)``).
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Every request entered so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Makes request number `index` fail with `error`.
    public func fail(request index: Int, with error: Failure) {
        state.withLock { $0.failures[index] = error }
    }

    /// Holds request number `index` until the returned gate opens.
    public func hold(request index: Int) -> Gate {
        let gate = Gate()
        state.withLock { $0.gates[index] = gate }
        return gate
    }

    /// Suspends until `count` requests have been entered: the last one is then on its way, held
    /// at its gate if it has one, and what it read before entering (a token) is known.
    public func waitForRequests(count: Int) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                guard state.requests.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Records `request`, waits at its gate if it has one, and throws its failure if it has one.
    public func enter(_ request: Request) async throws(Failure) {
        let (failure, gate, arrived) = state.withLock { state in
            state.requests.append(request)
            let index = state.requests.count - 1
            let arrived = state.waiters.filter { $0.count <= state.requests.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.requests.count }
            return (state.failures[index], state.gates[index], arrived)
        }
        for waiter in arrived { waiter.resume() }
        await gate?.wait()
        if let failure { throw failure }
    }
}
