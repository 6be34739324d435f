import AgoraArchitecture

/// Where a UseCase keeps the lists it fetched, so a screen can show them at once next time
/// (in SQLite: on a file in live mode, in memory in OSS mode and tests).
///
/// A cache holds named lists of one kind of item ("events", "events/42/comments") and every item
/// by id, so a detail screen finds an item seen in any list.
///
/// A screen follows the cache with ``observe(_:onChange:)``: a UseCase's fetch writes, its load
/// observes. Every write returns only once each observer has been handed the values it changed,
/// so the work that made a change (a fetch, an RSVP) ends after every screen shows it.
///
/// Every method runs on the caller's actor until it waits for the database, so what needs no
/// database (an item stored as the cache already holds it, an observation that already has its
/// value) costs the caller no thread hop.
public protocol ListCache<Item>: Sendable {
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// The cached list `name`, in list order; empty when nothing was fetched yet.
    func items(in list: String) async -> [Item]
    /// Replaces list `name` with a fresh first page.
    func replace(_ list: String, with items: [Item]) async
    /// Adds a further page to the end of list `name`, replacing rows that were already there.
    func append(_ items: [Item], to list: String) async
    /// Puts `items` at the start of list `name`, in their order, taking them out of the rows
    /// that were already there (a comment posted goes on top of its thread).
    func prepend(_ items: [Item], to list: String) async
    /// One cached item, from any list or stored on its own.
    func item(id: Item.ID) async -> Item?
    /// Stores one item fetched on its own, updating it in every list that has it.
    func store(_ item: Item) async
    /// Forgets one item, in every list.
    func remove(id: Item.ID) async
    /// Rewrites every cached item that `change` returns a new value for (`nil`: keep it as it
    /// is), in every list that has it, in one write: what a user's session put in items that
    /// everyone sees goes when the session ends (an RSVP flag).
    func update(_ change: @escaping @Sendable (Item) -> Item?) async
    /// Rewrites item `id` from what is cached of it (`nil`: nothing is) in one write, so that no
    /// write between the read and the rewrite is lost: a change another member made, merged
    /// with what this user's own RSVP wrote meanwhile. `change` returns the item to store, in
    /// every list that has it, or `nil` to leave the cache as it is.
    ///
    /// - Parameters:
    ///   - id: The item to rewrite.
    ///   - change: The item to store, given the cached one.
    /// - Returns: Whether `change` gave an item to store.
    @discardableResult
    func update(id: Item.ID, _ change: @escaping @Sendable (Item?) -> Item?) async -> Bool
    /// Forgets list `name` and each of its items that no other list holds: what belongs to one
    /// user goes when their session ends (their activity feed).
    func removeList(_ list: String) async

    /// Follows list `name`: calls `onChange` on the main actor with the cached list before
    /// returning, then after each write that changes the list or one of its items, until the
    /// subscription is cancelled or released.
    func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription
    /// List `name` as a list screen follows it (a ``PagedList``): a cache that can read an item
    /// on demand hands over its rows' versions only, so a long list is never held whole and each
    /// change costs what changed.
    func cachedList(_ list: String) -> CachedList<Item>
    /// Follows one item: calls `onChange` on the main actor with its cached copy (`nil`: none)
    /// before returning, then after each write that changes it.
    func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription
}
