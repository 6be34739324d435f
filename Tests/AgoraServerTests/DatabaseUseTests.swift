import Synchronization
import Testing

@testable import AgoraServer

/// What `/metrics` says of the database: operations waiting for a connection, holding one, and
/// how long they waited.
@Suite("Database use: operations waiting for a connection and holding one")
struct DatabaseUseTests {
    @Test("given an operation not yet connected, then it waits; once connected it holds; when it ends, neither, and its wait is recorded once")
    func oneOperation() async throws {
        let waits = Mutex<[Duration]>([])
        let use = DatabaseUse(recordWait: { wait in waits.withLock { $0.append(wait) } })
        var seen: [(waiting: Int, holding: Int)] = []

        try await use.measure { connected in
            seen.append((use.waitingForConnection, use.inUse))
            connected()
            connected()  // as a retried transaction would
            seen.append((use.waitingForConnection, use.inUse))
        }

        #expect(seen.map(\.waiting) == [1, 0])
        #expect(seen.map(\.holding) == [0, 1])
        #expect(use.waitingForConnection == 0 && use.inUse == 0)
        #expect(waits.withLock { $0.count } == 1)
    }

    @Test("given an operation that fails before it connects, then it stops waiting and nothing is recorded")
    func failsWhileWaiting() async throws {
        let waits = Mutex(0)
        let use = DatabaseUse(recordWait: { _ in waits.withLock { $0 += 1 } })
        struct Unreachable: Error {}

        await #expect(throws: Unreachable.self) {
            try await use.measure { _ in throw Unreachable() }
        }

        #expect(use.waitingForConnection == 0 && use.inUse == 0)
        #expect(waits.withLock { $0 } == 0)
    }
}
