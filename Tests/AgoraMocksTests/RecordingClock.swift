import Synchronization

/// A clock whose time stands still and whose sleeps end at once, remembering how long each
/// sleep asked for: latency becomes something a test can read instead of wait for.
final class RecordingClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    private let start = ContinuousClock.now
    private let sleeps = Mutex<[Duration]>([])

    var now: Instant { start }
    var minimumResolution: Duration { .zero }

    /// Every sleep asked for, in order.
    var requestedSleeps: [Duration] { sleeps.withLock { $0 } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        sleeps.withLock { $0.append(deadline - start) }
    }
}
