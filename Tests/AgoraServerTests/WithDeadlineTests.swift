import AgoraChildProcess
import AgoraPostgres
import Synchronization
import Testing

@testable import AgoraServer

/// A database read bounded by a deadline gives its caller an answer by then, even when the read
/// itself hangs past it and ignores being cancelled.
@Suite("withDeadline: the caller goes on at the deadline, whatever the work does")
struct WithDeadlineTests {
    struct TimedOut: Error, Equatable {}

    /// Work that hangs until it is let go, and ignores cancellation meanwhile, as a query on a
    /// connection whose database went away can.
    final class HangingWork: Sendable {
        private let release = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let cancelled = Atomic(false)
        private let finished = Atomic(false)

        /// Whether its task was cancelled.
        var wasCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }
        /// Whether it ended.
        var ended: Bool { finished.load(ordering: .sequentiallyConsistent) }

        func run() async -> Int {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in release.withLock { $0 = continuation } }
            } onCancel: {
                cancelled.store(true, ordering: .sequentiallyConsistent)
            }
            finished.store(true, ordering: .sequentiallyConsistent)
            return 42
        }

        /// Whether the work runs and waits to be let go.
        var isWaiting: Bool { release.withLock { $0 != nil } }

        /// Lets the work end; returns whether it was waiting.
        func letGo() -> Bool {
            guard let continuation = release.withLock({ $0.take() }) else { return false }
            continuation.resume()
            return true
        }
    }

    @Test(
        "given work that hangs and ignores cancellation, when the deadline passes, then the caller gets the timeout while the work is still running, and the work was cancelled"
    )
    func callerGoesOnWhileTheWorkHangs() async throws {
        let work = HangingWork()

        await #expect(throws: TimedOut.self) {
            try await withDeadline(.milliseconds(50), timedOut: { TimedOut() }) { await work.run() }
        }

        #expect(!work.ended, "the caller did not wait for the work")
        #expect(work.wasCancelled)
        try await Self.waitUntil("the work is let go") { work.letGo() }
    }

    @Test("given work that answers before the deadline, then its value is returned, and its failure thrown")
    func answerBeforeTheDeadline() async throws {
        let value = try await withDeadline(Hang.bound, timedOut: { TimedOut() }) { 7 }
        #expect(value == 7)

        await #expect(throws: TimedOut.self) {
            try await withDeadline(Hang.bound, timedOut: { CancellationError() }) { () async throws -> Int in throw TimedOut() }
        }
    }

    @Test("given a caller waiting on hanging work, when the caller is cancelled, then it gets CancellationError at once and the work is cancelled")
    func cancellingTheCallerEndsTheWait() async throws {
        let work = HangingWork()
        let caller = Task { try await withDeadline(Hang.bound, timedOut: { TimedOut() }) { await work.run() } }
        try await Self.waitUntil("the work runs") { work.isWaiting }

        caller.cancel()

        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(work.wasCancelled)
        try await Self.waitUntil("the work is let go") { work.letGo() }
    }

    /// Polls `condition` until it holds; a hang only (``Hang/bound``) fails.
    static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + Hang.bound
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(what): not within \(Hang.bound)")
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
