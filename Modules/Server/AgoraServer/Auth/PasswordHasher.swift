import Dispatch
import HummingbirdBcrypt

/// bcrypt, off the Swift concurrency pool: a hash takes tens of milliseconds of CPU by design,
/// which would stall every other request sharing that cooperative thread.
struct PasswordHasher: Sendable {
    /// log₂ of the rounds: 10 by default, 4 (the minimum) in tests.
    let cost: Int

    func hash(_ password: String) async -> String {
        let cost = UInt8(cost)
        return await Self.offPool { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async -> Bool {
        await Self.offPool { Bcrypt.verify(password, hash: hash) }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
