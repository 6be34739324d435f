/// The asynchronous work a ViewModel's inputs started, so that it can be awaited or cancelled.
///
/// Inputs are synchronous (a view calls `refresh()` and returns); the request they start runs in
/// a task created here. A test, or the REPL before it prints the next prompt, awaits
/// ``waitUntilIdle()`` instead of sleeping; Ctrl-C calls ``cancelAll()``.
@MainActor
public final class WorkTracker {
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    /// Callers of ``waitUntilIdle()``, resumed on the main actor when the last task ends.
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Whether no started work is still running.
    public var isIdle: Bool { running.isEmpty }

    /// Starts `operation` on the main actor and tracks it until it ends.
    @discardableResult
    public func start(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        nextID += 1
        let id = nextID
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.finished(id)
        }
        // Both run on the main actor, so the task body cannot start (and remove itself) before
        // this line records it.
        running[id] = task
        return task
    }

    /// Returns once every tracked task has finished, including work those tasks started.
    ///
    /// The wait is resumed by the last task's end, on the main actor, rather than through
    /// `Task.value`: that resumed its waiter on the global pool, and the REPL then hopped back,
    /// two cross-thread wake-ups per command (issue 19).
    public func waitUntilIdle() async {
        while !running.isEmpty {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    /// Cancels every running task; each decides how to stop (a paginator drops its result).
    public func cancelAll() {
        for task in running.values { task.cancel() }
    }

    private func finished(_ id: Int) {
        running[id] = nil
        guard running.isEmpty, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
