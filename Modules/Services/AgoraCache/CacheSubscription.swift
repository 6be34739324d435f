import Synchronization

/// A screen's interest in part of a cache, from ``ListCache/observe(_:onChange:)``. Values stop
/// on ``cancel()`` or when the subscription is released, so a ViewModel keeps it for as long as
/// it lives and nothing more is needed when it goes.
public final class CacheSubscription: Sendable {
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
