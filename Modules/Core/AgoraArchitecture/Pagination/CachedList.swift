/// A list the cache keeps (an event's comments, the upcoming events), as a list screen follows
/// it: what a UseCase's `cached…` method returns, and what a ViewModel hands to its
/// ``PagedList``.
///
/// It tells nothing of how the cache holds the list. A short list is handed over whole; a long
/// one is followed without holding it, and the ``PagedList`` reads the rows it shows off the main
/// actor. Either way a feature sees one type.
public struct CachedList<Item: Sendable>: Sendable {
    /// Follows the list: `onChange` gets it before this returns, then after each change, for as
    /// long as the subscription is kept.
    package typealias Observe = @Sendable (_ onChange: @escaping @MainActor @Sendable (ListSnapshot<Item>) -> Void) async -> Subscription

    package let observe: Observe

    /// A list a cache follows by snapshots (see `ListCache.cachedList(_:)`).
    package init(observe: @escaping Observe) {
        self.observe = observe
    }

    /// A list followed as whole arrays of items: a short list, or a test's.
    ///
    /// - Parameter observeItems: calls `onChange` on the main actor with the list before it
    ///   returns, then after each change, for as long as the subscription is kept.
    public init(
        observeItems: @escaping @Sendable (_ onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription
    ) where Item: Hashable {
        observe = { onChange in
            await observeItems { items in onChange(ListSnapshot(items)) }
        }
    }
}
