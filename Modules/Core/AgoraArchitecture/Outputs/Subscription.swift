import Synchronization

/// A screen's interest in data that changes elsewhere: a UseCase's `observe…` method returns one
/// (the cache's observation, from any thread). Values stop on ``cancel()`` or when the
/// subscription is released, so a ViewModel keeps it for as long as it lives and nothing more is
/// needed when it goes.
///
/// Unlike ``OutputObservation`` (a main-actor ``Output``'s observer), it is `Sendable` and made by a
/// data source: it lives here, in the kit, so a ViewModel holds it without importing the cache.
public final class Subscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// - Parameter onCancel: stops the observer; called once.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops delivering values. Calling it again does nothing.
    public func cancel() {
        let onCancel = self.onCancel.withLock { onCancel in
            defer { onCancel = nil }
            return onCancel
        }
        onCancel?()
    }

    deinit {
        cancel()
    }
}
