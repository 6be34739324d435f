import GRDB

/// Hands an observation's values on where GRDB produces them: on the database's own serial
/// queue, right after the fetch, in commit order.
///
/// The cache's observers only record a value and wake the main actor (``CacheObserver``), so a
/// queue of their own in between would add a thread hop per value and nothing else (thread
/// wake-ups lead a profile of scripted commands).
struct InlineScheduler: ValueObservationScheduler {
    func immediateInitialValue() -> Bool { false }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
