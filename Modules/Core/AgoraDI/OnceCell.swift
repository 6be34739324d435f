import Synchronization

/// Holds a `.container`-scoped instance and guarantees its factory completes at most once.
final class OnceCell<Value: Sendable>: Sendable {
    /// The instance once it exists. Every read and the one write happen under this lock.
    ///
    /// Held as `any Sendable` rather than `Value?`: resolves run as unspecialised generic code,
    /// where a `Mutex<Value?>` makes the runtime look up the metadata of `Value?` (a hash table
    /// search) on every fetch, while `any Sendable` is one type known when compiling.
    private let instance = Mutex<(any Sendable)?>(nil)

    /// Returns the cached instance, creating it with `create` on first use.
    ///
    /// This is the one place AgoraDI holds a lock while a factory runs. It has to: concurrent
    /// first resolvers must wait for the instance being built instead of building their own.
    ///
    /// It cannot self-deadlock. A resolution reaches this cell for key K only after
    /// `Container.resolve(_:name:path:)` checked that K is not already on its path, so the
    /// resolution holding this lock can never ask for it again: that request would be a cycle,
    /// and it is thrown before any lock is taken. Nested resolves inside `create` only take the
    /// cells of other keys, in dependency order. Two tasks could wait on each other only if the
    /// graph itself had a cycle through container-scoped registrations, which a single-threaded
    /// resolve and ``Container/validate()`` both report as `.cycle`.
    ///
    /// If `create` throws, nothing is cached, so the next resolve tries again.
    func value(orCreate create: () throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        try instance.withLock { instance throws(ResolutionError) -> Value in
            // Only the line below stores, and it stores a `Value`, so the cast cannot fail. A
            // forced cast, not `as?`: `as?` makes a `Value?`, and unspecialised code looks up the
            // metadata of `Value?` at run time (a hash table search) on every read.
            if let stored = instance { return stored as! Value }
            let created = try create()
            instance = created
            return created
        }
    }
}
