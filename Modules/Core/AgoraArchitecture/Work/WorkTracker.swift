/// The asynchronous work a ViewModel's inputs started, so that it can be awaited or cancelled.
///
/// Inputs are synchronous (a view calls `refresh()` and returns); the request they start runs in
/// a task created here. A test, or a host before it takes the user's next action, awaits
/// ``waitUntilIdle()`` instead of sleeping; a user who interrupts the work calls ``cancelAll()``.
@MainActor
public final class WorkTracker {
    private var running: [Int: Task<Void, Never>] = [:]
    /// The tasks of ``startSending(_:)``, which ``cancelAll()`` leaves running.
    private var sending: Set<Int> = []
    private var nextID = 0
    /// What runs when the last task ends: ``whenIdle(_:)``'s bodies, ``waitUntilIdle()``'s
    /// resumptions.
    private var idleCallbacks: [@MainActor () -> Void] = []

    public init() {}

    /// Whether no started work is still running.
    public var isIdle: Bool { running.isEmpty }

    /// Whether work of ``startSending(_:)`` is still running.
    public var isSending: Bool { !sending.isEmpty }

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

    /// Starts work that sends the user's change to a server (a post, an RSVP) and tracks it
    /// until it ends. ``cancelAll()`` leaves it running: once a request has left, the server may
    /// take it whatever the client does, so the truthful ending is the server's answer, not a
    /// "cancelled" the server never heard of.
    @discardableResult
    public func startSending(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let task = start(operation)
        // `start` recorded it as `nextID`, and its body cannot end before this line: both run on
        // the main actor.
        sending.insert(nextID)
        return task
    }

    /// Returns once every tracked task has finished, including work those tasks started.
    ///
    /// The wait is resumed by the last task's end, on the main actor, rather than through
    /// `Task.value`, which resumes its waiter on the global pool, from where a host on the main
    /// actor would hop back: two cross-thread wake-ups per action.
    public func waitUntilIdle() async {
        while !running.isEmpty {
            await withCheckedContinuation { continuation in idleCallbacks.append { continuation.resume() } }
        }
    }

    /// Calls `body` once every tracked task has finished: now when none is running, else right
    /// after the last one ends, on the main actor, inside that task.
    ///
    /// For a caller that goes on in a task of its own rather than waiting (a host between the
    /// user's actions): a wait is resumed through the global pool, this is not. The tracker keeps
    /// `body` until then; a caller that may outlive the tracker's owner keeps the tracker.
    public func whenIdle(_ body: @escaping @MainActor () -> Void) {
        guard !running.isEmpty else { return body() }
        idleCallbacks.append(body)
    }

    /// Cancels every running task but those sending a change (``startSending(_:)``); each
    /// decides how to stop (a paginator drops its result).
    public func cancelAll() {
        for (id, task) in running where !sending.contains(id) { task.cancel() }
    }

    private func finished(_ id: Int) {
        running[id] = nil
        sending.remove(id)
        guard running.isEmpty, !idleCallbacks.isEmpty else { return }
        let callbacks = idleCallbacks
        idleCallbacks = []
        for callback in callbacks { callback() }
    }
}
