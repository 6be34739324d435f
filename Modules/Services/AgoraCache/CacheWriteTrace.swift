import Synchronization

/// Where the app's cache writes are reported while someone watches (the REPL's `trace`):
/// ``TracedListCache`` tells it each write: which cache, what was written, how long it took.
///
/// One per app, shared by the caches and the watcher; with no observer, a write costs one atomic
/// load.
public final class CacheWriteTrace: Sendable {
    /// One finished write.
    public struct Record: Sendable {
        /// The kind of item the cache holds (`Event`).
        public let cache: String
        /// What was written, in a few words: `replace events (20 items)`, `store 42`.
        public let write: String
        /// From the call to its return, the observers' updates included.
        public let duration: Duration
    }

    private let isObserved = Atomic<Bool>(false)
    private let observer = Mutex<(@Sendable (Record) -> Void)?>(nil)

    public init() {}

    /// Tells `observer` each write from now on, on the thread that made it; `nil` stops.
    public func observe(_ observer: (@Sendable (Record) -> Void)?) {
        self.observer.withLock { $0 = observer }
        isObserved.store(observer != nil, ordering: .releasing)
    }

    /// Runs `write`, reporting it when observed.
    func run(
        _ cache: String, _ description: @autoclosure () -> String, _ write: () async -> Void
    ) async {
        guard isObserved.load(ordering: .acquiring) else { return await write() }
        let started = ContinuousClock.now
        await write()
        let record = Record(cache: cache, write: description(), duration: .now - started)
        observer.withLock { $0 }?(record)
    }
}
