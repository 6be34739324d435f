/// One of a screen's own changes to a cached list, in flight (a post, a delete): made by
/// ``CachedPagedList/beginChange()``, it holds the list's cache updates until ``end()``.
///
/// The change's result reaches the list by the cache, like any other update; the request's
/// answer only tells the screen what became of state of its own (a draft posted, queued or
/// failed). Holding the cache until the screen has applied that answer lets both show at once:
/// without it, a posted comment would show beside its own draft for a moment.
@MainActor
public final class ListChange {
    private var onEnd: (() -> Void)?

    init(onEnd: @escaping () -> Void) {
        self.onEnd = onEnd
    }

    /// The change is over: the held updates are published (unless a page or another change
    /// still holds them). Calling it again does nothing.
    public func end() {
        onEnd?()
        onEnd = nil
    }
}
