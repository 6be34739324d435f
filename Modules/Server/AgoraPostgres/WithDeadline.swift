import Synchronization

/// Runs `body` and returns what it returns, or throws `timedOut()` once `limit` has passed,
/// whichever comes first, without waiting for `body` to end.
///
/// A task group would wait for every child, so a body that ignores cancellation (a query on a
/// connection whose database went away) would hold its caller, and every caller sharing its
/// read, for as long as it hangs, whatever the deadline said. Here the body runs in a task of
/// its own: at the deadline it is cancelled and left to end by itself, and the caller goes on.
/// The caller being cancelled ends the wait the same way, with `CancellationError`.
///
/// - Parameters:
///   - limit: how long the caller waits.
///   - timedOut: the error thrown at the deadline.
///   - body: the work; it should stop when cancelled, but the caller does not depend on it.
public func withDeadline<T: Sendable>(
    _ limit: Duration, timedOut: @escaping @Sendable () -> any Error, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = FirstOutcome<T>()
    let work = Task { try await body() }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.wait(with: continuation)
            let timer = Task {
                // Cancelled when the work ends first: then the deadline means nothing.
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                work.cancel()
                outcome.finish(.failure(timedOut()))
            }
            Task {
                let result = await work.result
                timer.cancel()
                outcome.finish(result)
            }
        }
    } onCancel: {
        work.cancel()
        outcome.finish(.failure(CancellationError()))
    }
}

/// The first of several outcomes, handed to one waiting continuation exactly once; the later
/// ones are dropped.
private final class FirstOutcome<T: Sendable>: Sendable {
    private enum State {
        case notWaiting
        case waiting(CheckedContinuation<T, any Error>)
        /// Finished before anyone waited (the caller was cancelled before it began to wait).
        case finished(Result<T, any Error>)
        case done
    }

    private let state = Mutex(State.notWaiting)

    /// `continuation` gets the first outcome: now, when there already is one.
    func wait(with continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { state in
            if case .finished(let result) = state {
                state = .done
                return result
            }
            state = .waiting(continuation)
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Hands `result` on, when it is the first outcome.
    func finish(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLock { state in
            switch state {
            case .notWaiting:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .finished, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
