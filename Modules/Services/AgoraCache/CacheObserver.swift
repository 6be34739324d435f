import AgoraArchitecture
import Synchronization

/// One observer of a cache: takes the values its cache computes after writes and hands them to
/// `onChange` on the main actor, in order. When values come faster than the main actor takes
/// them only the newest is handed over: a screen shows the latest state, not every step.
///
/// Every value comes with the cache's *revision*, a number each write increases. A writer waits
/// with ``delivered(through:)`` until the observer has shown everything up to its own write; a
/// write that does not concern the observer is reported with ``advance(to:)``. That wait is what
/// lets a ViewModel's work cover the rows its request changed, on every screen.
///
/// Caches build on it (``InMemoryListCache``, the SQLite cache); screens see only
/// ``Subscription``.
public final class CacheObserver<Value: Sendable>: CacheObserving {
    private struct Waiter {
        let revision: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        /// The newest value not handed over yet, and its revision.
        var pending: (value: Value, revision: Int)?
        /// The newest revision the cache reported, changed or not.
        var received = -1
        /// Everything up to this revision has been shown.
        var delivered = -1
        var isDelivering = false
        var isCancelled = false
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0

        /// Takes the waiters that may go on, the observer being up to date or gone.
        mutating func takeReadyWaiters() -> [Waiter] {
            let ready = waiters.filter { isCancelled || $0.value.revision <= delivered }
            for id in ready.keys { waiters[id] = nil }
            return Array(ready.values)
        }
    }

    private let state = Mutex(State())
    private let onChange: @MainActor @Sendable (Value) -> Void

    public init(onChange: @escaping @MainActor @Sendable (Value) -> Void) {
        self.onChange = onChange
    }

    /// Whether ``cancel()`` was called: the cache can forget the observer.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// A new value, as of `revision`: it is handed to `onChange` soon, unless a newer one comes
    /// first.
    public func send(_ value: Value, revision: Int) {
        if hold(value, revision: revision) {
            // The loop runs on the main actor, where `onChange` runs: one hop per delivery
            // instead of three (to the pool, to the main actor, back to the pool), each of which
            // wakes a thread: those wake-ups lead a profile of scripted commands.
            Task { @MainActor in self.deliverPending() }
        }
    }

    /// Takes `value` as ``send(_:revision:)`` does but leaves handing it over to the caller:
    /// when this returns `true` the caller must call ``deliverHeld(isolation:)``, and until then
    /// no other delivery starts and no writer waiting for the observer goes on.
    ///
    /// For a cache that already holds the value when an observer starts, under a lock of its
    /// own: the value is taken in order with the cache's later ones, and handed over once the
    /// lock is released (`onChange` may call the cache again).
    public func hold(_ value: Value, revision: Int) -> Bool {
        state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            state.pending = (value, revision)
            state.received = max(state.received, revision)
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
    }

    /// Hands over what ``hold(_:revision:)`` took: before returning when called on the main
    /// actor, which is where a screen opens (no task, no thread hop), otherwise from a task on
    /// it, as ``send(_:revision:)`` does.
    public func deliverHeld(isolation: isolated (any Actor)? = #isolation) {
        guard let isolation, isolation === MainActor.shared else {
            Task { @MainActor in self.deliverPending() }
            return
        }
        // Checked above: the caller is isolated to the main actor.
        MainActor.assumeIsolated { deliverPending() }
    }

    /// The cache reached `revision` without changing this observer's value.
    public func advance(to revision: Int) {
        let ready = state.withLock { state -> [Waiter] in
            state.received = max(state.received, revision)
            if !state.isDelivering { state.delivered = state.received }
            return state.takeReadyWaiters()
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Stops handing values over and lets every waiting writer go on.
    public func cancel() {
        let ready = state.withLock { state -> [Waiter] in
            state.isCancelled = true
            state.pending = nil
            return state.takeReadyWaiters()
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `onChange` has been called with every change up to `revision`, or the
    /// observer is cancelled, or the waiting task is.
    ///
    /// Runs on the caller's actor, and returns without suspending when every change up to
    /// `revision` is already shown (an item stored as the cache already had it): a suspension
    /// is resumed through the global pool, a cross-thread wake-up each way.
    public func delivered(through revision: Int) async {
        let id = state.withLock { state -> Int? in
            if state.isCancelled || state.delivered >= revision { return nil }
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isReady = state.withLock { state -> Bool in
                    if state.isCancelled || state.delivered >= revision || Task.isCancelled { return true }
                    state.waiters[id] = Waiter(revision: revision, continuation: continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume()
        }
    }

    /// Hands values to `onChange` one at a time until none is waiting; only one such loop runs.
    @MainActor
    private func deliverPending() {
        while true {
            let (next, ready) = state.withLock { state -> ((value: Value, revision: Int)?, [Waiter]) in
                guard !state.isCancelled, let pending = state.pending else {
                    state.isDelivering = false
                    state.delivered = max(state.delivered, state.received)
                    return (nil, state.takeReadyWaiters())
                }
                state.pending = nil
                return (pending, [])
            }
            for waiter in ready { waiter.continuation.resume() }
            guard let next else { return }
            onChange(next.value)
            let shown = state.withLock { state -> [Waiter] in
                // A value is the state as of its revision: every change up to it is now shown.
                state.delivered = max(state.delivered, next.revision)
                return state.takeReadyWaiters()
            }
            for waiter in shown { waiter.continuation.resume() }
        }
    }
}

/// What a cache needs of its observers to let a writer wait for them, whatever they observe.
public protocol CacheObserving: AnyObject, Sendable {
    /// Returns once the observer has shown every change up to `revision` (or is gone).
    func delivered(through revision: Int) async
    /// Whether the observer was cancelled.
    var isCancelled: Bool { get }
    /// Stops the observer.
    func cancel()
}
