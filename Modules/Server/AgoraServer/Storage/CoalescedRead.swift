import Synchronization

/// A value read from something a round trip away, shared by the callers that ask at the same
/// time, each still getting a read that began after it asked.
///
/// A shared store's generation is read before every cached answer, so that a write through any
/// process shows in the very next answer. One query per request made that query most of an
/// answer's cost. Here, while a read is under way, callers wait for the next one together: at
/// most one read is in flight, and no caller is given a value read before it asked, so no write
/// committed before a request arrived can be missed.
final class CoalescedRead<Value: Sendable>: Sendable {
    private typealias Waiter = (continuation: CheckedContinuation<Value, any Error>, read: @Sendable () async throws -> Value)

    private struct State {
        var isReading = false
        var next: [Waiter] = []
    }

    private let state = Mutex(State())

    init() {}

    /// How many callers wait for the next read.
    var waitingCount: Int { state.withLock { $0.next.count } }

    /// The value from a read that began after this call; `read` makes it, unless another
    /// caller's read serves this one too.
    func value(_ read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let startsReading = state.withLock { state in
                state.next.append((continuation, read))
                let startsReading = !state.isReading
                state.isReading = true
                return startsReading
            }
            if startsReading { Task { await self.readWhileAsked() } }
        }
    }

    /// Reads for everyone waiting, again and again until nobody waits.
    private func readWhileAsked() async {
        while true {
            let waiting = state.withLock { state in
                let waiting = state.next
                state.next = []
                if waiting.isEmpty { state.isReading = false }
                return waiting
            }
            guard let first = waiting.first else { return }
            let result: Result<Value, any Error>
            do {
                result = .success(try await first.read())
            } catch {
                result = .failure(error)
            }
            for waiter in waiting { waiter.continuation.resume(with: result) }
        }
    }
}
