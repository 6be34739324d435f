import AgoraArchitecture
import Synchronization

/// The observers of one cache, so a write can wait until every one of them has shown it.
public final class CacheObservers: Sendable {
    private let observers = Mutex<[ObjectIdentifier: any CacheObserving]>([:])

    public init() {}

    /// Every observer still observing.
    public var all: [any CacheObserving] {
        observers.withLock { Array($0.values) }
    }

    /// Starts waiting for `observer` after each write; the returned subscription stops it, and
    /// calls `onCancel` (to stop what feeds the observer).
    public func add(_ observer: some CacheObserving, onCancel: @escaping @Sendable () -> Void = {}) -> Subscription {
        let key = ObjectIdentifier(observer)
        observers.withLock { $0[key] = observer }
        return Subscription { [weak self] in
            onCancel()
            observer.cancel()
            _ = self?.observers.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// Returns once every observer has shown every change up to `revision` (a cancelled
    /// caller stops waiting; the change is made either way).
    public func delivered(through revision: Int) async {
        for observer in all {
            await observer.delivered(through: revision)
        }
    }
}
