import Synchronization

/// Holds a `.container`-scoped instance and guarantees its factory completes at most once.
final class OnceCell<Value: Sendable>: Sendable {
    private let cached = Mutex<Value?>(nil)

    /// Returns the cached instance, creating it with `create` on first use.
    ///
    /// This is the one place AgoraDI holds a lock while a factory runs. It has to: concurrent
    /// first resolvers must wait for the instance being built instead of building their own.
    ///
    /// It cannot self-deadlock. A resolution reaches this cell for key K only after
    /// `Container.resolveInstance(for:path:)` checked that K is not already on its path, so the
    /// resolution holding this lock can never ask for it again: that request would be a cycle,
    /// and it is thrown before any lock is taken. Nested resolves inside `create` only take the
    /// cells of other keys, in dependency order. Two tasks could wait on each other only if the
    /// graph itself had a cycle through container-scoped registrations, which a single-threaded
    /// resolve and ``Container/validate()`` both report as `.cycle`.
    ///
    /// If `create` throws, nothing is cached, so the next resolve tries again.
    func value(orCreate create: () throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        try cached.withLock { (cached) throws(ResolutionError) -> Value in
            if let cached {
                return cached
            }
            let created = try create()
            cached = created
            return created
        }
    }
}
