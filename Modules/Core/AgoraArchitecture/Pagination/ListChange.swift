/// One of a screen's own changes to a cached list, in flight (a post, a delete): made by
/// ``PagedList/beginChange()``, it holds the list's cache updates until ``end(applying:)``.
///
/// The change's result reaches the list by the cache, like any other update; the request's
/// answer only tells the screen what became of state of its own (a draft posted, queued or
/// failed). Holding the cache until the screen has applied that answer lets both show at once:
/// without it, a posted comment would show beside its own draft for a moment.
@MainActor
public final class ListChange {
    private var onEnd: (@MainActor (_ update: @MainActor () -> Void) async -> Void)?

    init(onEnd: @escaping @MainActor (_ update: @MainActor () -> Void) async -> Void) {
        self.onEnd = onEnd
    }

    /// The change is over: `update` gives the list what the change's answer means for the
    /// screen's own rows (a draft posted leaves them), then the held updates and those rows are
    /// published together (unless a page or another change still holds them). Returns once they
    /// are, rows read from the cache included. Calling it again does nothing.
    public func end(applying update: @MainActor () -> Void = {}) async {
        let onEnd = self.onEnd
        self.onEnd = nil
        await onEnd?(update)
    }
}
