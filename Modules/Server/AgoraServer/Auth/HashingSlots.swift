/// At most `count` password hashes at once; the others wait their turn, first come first served.
///
/// bcrypt takes tens of milliseconds of CPU by design. Fifty logins at once each hashed on a
/// thread of their own: the CPU went to hashing, and reads such as `GET /v1/events` waited
/// behind it for seconds. With a few slots, a burst of logins queues here and the other cores
/// stay free for every other request.
actor HashingSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// - Parameter count: how many hashes may run at once; at least 1.
    init(count: Int) {
        free = max(1, count)
    }

    /// Runs `work` once a slot is free, and frees the slot afterwards.
    func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        await acquire()
        let result = await work()
        release()
        return result
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
