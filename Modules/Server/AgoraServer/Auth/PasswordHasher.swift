import Dispatch
import HummingbirdBcrypt

/// bcrypt, off the Swift concurrency pool and a few at a time: a hash takes tens of milliseconds
/// of CPU by design, which would stall every other request sharing that cooperative thread, and
/// many at once would take every core (``HashingSlots``).
struct PasswordHasher: Sendable {
    /// log₂ of the rounds: 10 by default, 4 (the minimum) in tests.
    let cost: Int
    /// Where hashes wait for a free slot.
    let slots: HashingSlots

    init(cost: Int, concurrentHashes: Int, queueLimit: Int = .max) {
        self.cost = cost
        slots = HashingSlots(count: concurrentHashes, queueLimit: queueLimit)
    }

    func hash(_ password: String) async -> String {
        let cost = UInt8(cost)
        return await slots.run { await Self.offPool { Bcrypt.hash(password, cost: cost) } }
    }

    /// Whether `password` matches `hash`; throws at once when too many checks already wait.
    func verify(_ password: String, hash: String) async throws(HashingQueueFull) -> Bool {
        try await slots.runIfQueueHasRoom { await Self.offPool { Bcrypt.verify(password, hash: hash) } }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
