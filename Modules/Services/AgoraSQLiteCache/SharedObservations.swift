import AgoraCache
import GRDB
import Synchronization

/// What one fetch of an observation found: a new value, or the value shown last, as of a newer
/// revision.
enum ObservedChange<Value: Sendable>: Sendable {
    case changed(Value)
    case unchanged
}

/// One GRDB observation per key (an item), shared by every observer of that key, and kept for a
/// while after its last observer leaves.
///
/// Starting an observation records its region, compiles its statement and fetches on the
/// database's queue; a script going back and forth between a list and an event would pay for
/// that on every `open` if each observer started its own. Here an observer that joins a running or lingering observation is handed
/// the value it holds at once, with no database access; the last few observations nobody
/// follows linger, each costing one small read per write, and older ones are cancelled.
final class SharedObservations<Value: Sendable>: Sendable {
    /// Starts the GRDB observation: each fetch goes to `deliver` with its revision; a failure to
    /// `fail` (the observation has then stopped).
    typealias Start = (
        _ deliver: @escaping @Sendable (ObservedChange<Value>, _ revision: Int) -> Void,
        _ fail: @escaping @Sendable () -> Void
    ) -> AnyDatabaseCancellable

    private struct Entry {
        /// Tells this observation from a later one of the same key.
        let token: Int
        var cancellable: AnyDatabaseCancellable?
        var observers: [ObjectIdentifier: CacheObserver<Value>] = [:]
        var latest: (value: Value, revision: Int)?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Keys nobody observes, the longest unobserved first.
        var idle: [String] = []
        var nextToken = 0
    }

    private let state = Mutex(State())
    private let idleLimit: Int

    /// - Parameter idleLimit: how many observations nobody follows are kept running.
    init(keepingIdle idleLimit: Int) {
        self.idleLimit = idleLimit
    }

    /// Adds `observer` to the observation of `key`, started with `start` when none runs; an
    /// observation that already has a value hands it over at once.
    ///
    /// - Returns: what removes the observer again, and whether the observer holds that value
    ///   for the caller to hand over (``CacheObserver/deliverHeld(isolation:)``, once this
    ///   returned: `onChange` may call the cache).
    func add(_ observer: CacheObserver<Value>, key: String, start: Start) -> (remove: @Sendable () -> Void, holdsValue: Bool) {
        let id = ObjectIdentifier(observer)
        let (newToken, holdsValue) = state.withLock { state -> (Int?, Bool) in
            if var entry = state.entries[key] {
                state.idle.removeAll { $0 == key }
                entry.observers[id] = observer
                // Held under this lock, so a newer value the observation delivers meanwhile
                // comes after it.
                let holdsValue = entry.latest.map { observer.hold($0.value, revision: $0.revision) } ?? false
                state.entries[key] = entry
                return (nil, holdsValue)
            }
            state.nextToken += 1
            state.entries[key] = Entry(token: state.nextToken, observers: [id: observer])
            return (state.nextToken, false)
        }
        if let token = newToken {
            // Started outside the lock: GRDB may call back on its queue before `start` returns.
            let cancellable = start(
                { [weak self] change, revision in self?.deliver(change, revision: revision, key: key, token: token) },
                { [weak self] in self?.fail(key: key, token: token) }
            )
            let isOrphan = state.withLock { state -> Bool in
                guard state.entries[key]?.token == token else { return true }
                state.entries[key]?.cancellable = cancellable
                return false
            }
            if isOrphan { cancellable.cancel() }
        }
        return ({ [weak self] in self?.remove(id, key: key) }, holdsValue)
    }

    /// The value the observation of `key` fetched last and the revision it fetched it at;
    /// `nil` when no observation of `key` has fetched yet.
    func latest(key: String) -> (value: Value, revision: Int)? {
        state.withLock { $0.entries[key]?.latest }
    }

    private func deliver(_ change: ObservedChange<Value>, revision: Int, key: String, token: Int) {
        state.withLock { state in
            guard var entry = state.entries[key], entry.token == token else { return }
            switch (change, entry.latest) {
            case (.changed(let value), _):
                entry.latest = (value, revision)
                for observer in entry.observers.values { observer.send(value, revision: revision) }
            case (.unchanged, let latest?):
                entry.latest = (latest.value, revision)
                for observer in entry.observers.values { observer.advance(to: revision) }
            case (.unchanged, nil):
                // Not reached: a first fetch is always a change.
                for observer in entry.observers.values { observer.advance(to: revision) }
            }
            state.entries[key] = entry
        }
    }

    private func remove(_ id: ObjectIdentifier, key: String) {
        let evicted = state.withLock { state -> [AnyDatabaseCancellable] in
            guard var entry = state.entries[key], entry.observers.removeValue(forKey: id) != nil else { return [] }
            state.entries[key] = entry
            guard entry.observers.isEmpty else { return [] }
            state.idle.append(key)
            var evicted: [AnyDatabaseCancellable] = []
            while state.idle.count > idleLimit {
                let oldest = state.idle.removeFirst()
                if let cancellable = state.entries.removeValue(forKey: oldest)?.cancellable { evicted.append(cancellable) }
            }
            return evicted
        }
        for cancellable in evicted { cancellable.cancel() }
    }

    private func fail(key: String, token: Int) {
        let stopped = state.withLock { state -> [CacheObserver<Value>] in
            guard let entry = state.entries[key], entry.token == token else { return [] }
            state.entries[key] = nil
            state.idle.removeAll { $0 == key }
            return Array(entry.observers.values)
        }
        for observer in stopped { observer.cancel() }
    }
}
