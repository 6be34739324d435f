/// A subscription to an ``Output`` or a ``Signal``. Observing stops on ``cancel()``; a screen
/// usually keeps its observations for as long as it lives.
@MainActor
public final class OutputObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops delivering values. Calling it again does nothing.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}
