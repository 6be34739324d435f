import Synchronization
import Testing

@testable import AgoraServer

/// While the database is known down, operations are refused at once, and one at a time tries
/// again after the interval.
@Suite("Outage gate: refused at once while the database is down, one retry per interval")
struct OutageGateTests {
    /// A clock the test moves.
    final class Clock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        func now() -> ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    @Test("given a database that answers, then every operation is admitted")
    func answering() {
        let gate = OutageGate()
        #expect((0..<3).allSatisfy { _ in gate.admits() })
    }

    @Test("given an operation found the database down, then others are refused until the interval ends; then one retries and the rest wait for it")
    func downThenOneRetry() {
        let clock = Clock()
        let gate = OutageGate(retryInterval: .seconds(1), now: clock.now)

        gate.unanswered()
        #expect(!gate.admits())
        clock.advance(by: .milliseconds(999))
        #expect(!gate.admits())
        clock.advance(by: .milliseconds(1))
        #expect(gate.admits())
        #expect(!gate.admits())
    }

    @Test("given the retry finds the database down again, then a new interval starts; when it answers, every operation is admitted")
    func retryOutcome() {
        let clock = Clock()
        let gate = OutageGate(retryInterval: .seconds(1), now: clock.now)
        gate.unanswered()
        clock.advance(by: .seconds(1))
        #expect(gate.admits())

        gate.unanswered()
        #expect(!gate.admits())
        clock.advance(by: .seconds(1))
        #expect(gate.admits())
        gate.answered()
        #expect(gate.admits() && gate.admits())
    }

    @Test("given the retrying operation is cancelled, then the next operation retries instead")
    func abandonedRetry() {
        let clock = Clock()
        let gate = OutageGate(retryInterval: .seconds(1), now: clock.now)
        gate.unanswered()
        clock.advance(by: .seconds(1))
        #expect(gate.admits())

        gate.abandoned()

        #expect(gate.admits())
        #expect(!gate.admits())
    }
}
