import Synchronization

/// Holds a `.weak`-scoped instance without keeping it alive.
final class WeakCell<Value: Sendable>: Sendable {
    private struct State {
        weak var object: AnyObject?
    }

    private let state = Mutex(State())

    /// Returns the instance someone still holds, or creates one with `create`.
    ///
    /// Unlike ``OnceCell``, the factory runs outside the lock: the scope promises sharing,
    /// not exactly-once creation, and not locking keeps every factory but container-scoped
    /// ones lock-free. When concurrent resolves race, the first stored instance wins and the
    /// others are dropped, so all callers still share one instance.
    func value(orCreate create: () throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        if let alive = state.withLock({ $0.object as? Value }) {
            return alive
        }
        let created = try create()
        // A value type has no identity to share, and boxing it for a weak reference would
        // release it immediately; hand it out uncached, which makes `.weak` act as `.transient`.
        guard type(of: created as Any) is AnyClass else {
            return created
        }
        return state.withLock { state in
            if let winner = state.object as? Value {
                return winner
            }
            state.object = created as AnyObject
            return created
        }
    }
}
