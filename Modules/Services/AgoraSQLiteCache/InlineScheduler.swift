import GRDB

/// Hands an observation's values on where GRDB produces them: on the database's own serial
/// queue, right after the fetch, in commit order.
///
/// The cache's observers only record a value and wake the main actor (``CacheObserver``), so a
/// queue of their own in between added a thread hop per value and nothing else (issue 19: the
/// scripted-command profile was led by futex wake-ups).
struct InlineScheduler: ValueObservationScheduler {
    func immediateInitialValue() -> Bool { false }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
