import AgoraChildProcess
import Synchronization
import Testing

/// What a stream of changes said so far, read by a task of its own; every wait for it is bounded
/// (``Hang/bound``), so a change that never comes fails a test rather than hanging it.
final class HeardChanges<Change: Sendable>: Sendable {
    /// What was heard, shared with the task that reads.
    private final class Log: Sendable {
        let state = Mutex<(changes: [Change], isFinished: Bool)>(([], false))
    }

    private let log = Log()
    private let reading: Task<Void, Never>

    init(_ changes: AsyncStream<Change>) {
        let log = log
        reading = Task {
            for await change in changes { log.state.withLock { $0.changes.append(change) } }
            log.state.withLock { $0.isFinished = true }
        }
    }

    /// The first `count` changes, once heard (fewer when the bound passed or the stream ended).
    func first(_ count: Int) async -> [Change] {
        await until { $0.changes.count >= count || $0.isFinished }
        return Array(log.state.withLock { $0.changes }.prefix(count))
    }

    /// Every change heard, once the stream has finished.
    func untilFinished() async -> [Change] {
        await until(\.isFinished)
        #expect(log.state.withLock { $0.isFinished }, "the stream never finished")
        return log.state.withLock { $0.changes }
    }

    /// Lets go of the stream.
    func stop() {
        reading.cancel()
    }

    private func until(_ condition: ((changes: [Change], isFinished: Bool)) -> Bool) async {
        let deadline = ContinuousClock.now + Hang.bound
        while !log.state.withLock({ condition($0) }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
