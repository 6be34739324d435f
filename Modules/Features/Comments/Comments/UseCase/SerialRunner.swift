/// Runs operations one after another, in the order they were asked for, each to its end before
/// the next starts: two sendings of the outbox never overlap, so none sends a comment the other
/// is sending. (An actor alone would not do: it interleaves its methods at every `await`.)
actor SerialRunner {
    private var last: Task<Void, Never>?

    /// Runs `operation` after every operation asked for before; a cancelled caller cancels it.
    func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) async -> Value {
        let previous = last
        let task = Task {
            await previous?.value
            return await operation()
        }
        last = Task { _ = await task.value }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
