import Synchronization
import Testing

@testable import AgoraServer

/// The shared store's generation is read once for the requests that ask at the same time, yet
/// never from a read that began before a request asked.
@Suite("Coalesced reads: one read for callers that ask together, none older than the asking")
struct CoalescedReadTests {
    @Test("given a read under way, when a write happens and two more callers ask, then they share one new read that sees the write")
    func latecomersWaitForTheNextRead() async throws {
        let writes = Atomic(0)
        let readsStarted = Atomic(0)
        let release = AsyncStream<Void>.makeStream()
        let reader = CoalescedRead<Int>()
        let read: @Sendable () async throws -> Int = {
            let number = readsStarted.add(1, ordering: .relaxed).newValue
            let seen = writes.load(ordering: .relaxed)
            if number == 1 { for await _ in release.stream { break } }
            return seen
        }

        async let first = reader.value(read)
        try await Self.waitUntil { readsStarted.load(ordering: .relaxed) == 1 }
        writes.store(1, ordering: .relaxed)
        async let second = reader.value(read)
        async let third = reader.value(read)
        try await Self.waitUntil { reader.waitingCount == 2 }
        release.continuation.yield()

        #expect(try await first == 0)
        #expect(try await second == 1)
        #expect(try await third == 1)
        #expect(readsStarted.load(ordering: .relaxed) == 2)
    }

    @Test("given a read that fails, then every caller it served gets the error, and the next caller reads again")
    func failureIsSharedThenForgotten() async throws {
        struct Unreachable: Error {}
        let reader = CoalescedRead<Int>()

        await #expect(throws: Unreachable.self) { try await reader.value { throw Unreachable() } }
        #expect(try await reader.value { 7 } == 7)
    }

    /// Polls `condition` every millisecond, for at most 5 s.
    private static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<5_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the condition did not hold within 5 s")
    }
}
