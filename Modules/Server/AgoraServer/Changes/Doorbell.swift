import Synchronization

/// Wakes one waiter, now or when it next waits: the reader of changes waits on it between its
/// checks, and a notification of a change rings it.
final class Doorbell: Sendable {
    private struct State {
        var hasRung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or the next one to wait.
    func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.hasRung = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns when the bell rings (or rang since the last wait), or after `limit` at the latest.
    func wait(atMost limit: Duration) async {
        await withCheckedContinuation { continuation in
            let rang = state.withLock { state in
                guard !state.hasRung else {
                    state.hasRung = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if rang {
                continuation.resume()
            } else {
                // A ring after the limit wakes nothing but a later wait early: one check more.
                Task { [self] in
                    try? await Task.sleep(for: limit)
                    ring()
                }
            }
        }
    }
}
