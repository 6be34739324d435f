/// At most `count` password hashes at once; the others wait their turn, first come first served,
/// and a login finds the queue full past `queueLimit` waiting.
///
/// bcrypt takes tens of milliseconds of CPU by design. Fifty logins at once each hashed on a
/// thread of their own: the CPU went to hashing, and reads such as `GET /v1/events` waited
/// behind it for seconds. With a few slots, a burst of logins queues here and the other cores
/// stay free for every other request. An unbounded queue moved the wait instead: behind 200
/// logins sent at once, a real one waited 14.7 s, past a client's 10 s deadline. So a login
/// that would wait behind more than `queueLimit` others is refused at once (503), and the ones
/// admitted are checked in time.
actor HashingSlots {
    private var free: Int
    private let queueLimit: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// - Parameters:
    ///   - count: how many hashes may run at once; at least 1.
    ///   - queueLimit: how many may wait for a slot in ``runIfQueueHasRoom(_:)``.
    init(count: Int, queueLimit: Int = .max) {
        free = max(1, count)
        self.queueLimit = max(0, queueLimit)
    }

    /// Runs `work` once a slot is free, however long the queue, and frees the slot afterwards:
    /// for work that must happen, such as hashing the seeded passwords.
    func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        await acquire()
        let result = await work()
        release()
        return result
    }

    /// Runs `work` as ``run(_:)`` does, unless `queueLimit` others already wait for a slot.
    func runIfQueueHasRoom<T: Sendable>(_ work: @escaping @Sendable () async -> T) async throws(HashingQueueFull) -> T {
        guard free > 0 || waiting.count < queueLimit else { throw HashingQueueFull(waiting: waiting.count) }
        return await run(work)
    }

    private func acquire() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        guard waiting.isEmpty else {
            // The slot passes straight to the first waiter, so a newcomer cannot overtake it.
            waiting.removeFirst().resume()
            return
        }
        free += 1
    }
}

/// Every slot is taken and `waiting` logins already queue for one: try again shortly.
struct HashingQueueFull: Error, Sendable {
    let waiting: Int
}
