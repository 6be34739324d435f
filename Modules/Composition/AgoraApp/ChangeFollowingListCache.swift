import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// A ``ListCache`` that follows the changes of the events its observed lists and items belong
/// to, and writes them into the cache it wraps: how every screen that follows the cache shows
/// what other members do, with no code in the screens or the features.
///
/// While a screen observes a list or an item of an event (an event's comments, the event
/// itself), the event is followed (``EventChangeStreams``); when its last observation goes, so
/// does the stream. Reads and writes pass through untouched.
struct ChangeFollowingListCache<Item: Identifiable & Sendable>: ListCache where Item.ID: Sendable {
    /// The cache that stores.
    let base: any ListCache<Item>
    let streams: EventChangeStreams
    /// The event a list belongs to, if it follows one (`events/7/comments` → 7).
    let eventOfList: @Sendable (String) -> Event.ID?
    /// The event an item follows, if any.
    let eventOfItem: @Sendable (Item.ID) -> Event.ID?
    /// Writes a change of an event into the cache; `true` when the cache did not have it yet.
    let write: @Sendable (EventChange, Event.ID, any ListCache<Item>) async -> Bool

    func items(in list: String) async -> [Item] { await base.items(in: list) }
    func replace(_ list: String, with items: [Item]) async { await base.replace(list, with: items) }
    func append(_ items: [Item], to list: String) async { await base.append(items, to: list) }
    func prepend(_ items: [Item], to list: String) async { await base.prepend(items, to: list) }
    func item(id: Item.ID) async -> Item? { await base.item(id: id) }
    func store(_ item: Item) async { await base.store(item) }
    func remove(id: Item.ID) async { await base.remove(id: id) }
    func update(_ change: @escaping @Sendable (Item) -> Item?) async { await base.update(change) }
    func update(id: Item.ID, _ change: @escaping @Sendable (Item?) -> Item?) async -> Bool { await base.update(id: id, change) }
    func removeList(_ list: String) async { await base.removeList(list) }

    func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
        let following = follow(eventOfList(list))
        return Self.both(await base.observe(list, onChange: onChange), following)
    }

    func cachedList(_ list: String) -> CachedList<Item> {
        let cached = base.cachedList(list)
        guard let eventID = eventOfList(list) else { return cached }
        return CachedList { [self] onChange in
            let following = follow(eventID)
            return Self.both(await cached.observe(onChange), following)
        }
    }

    func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription {
        let following = follow(eventOfItem(id))
        return Self.both(await base.observeItem(id: id, onChange: onChange), following)
    }

    private func follow(_ eventID: Event.ID?) -> Subscription? {
        guard let eventID else { return nil }
        let base = self.base
        let write = self.write
        return streams.follow(eventID) { change in await write(change, eventID, base) }
    }

    private static func both(_ observation: Subscription, _ following: Subscription?) -> Subscription {
        guard let following else { return observation }
        return Subscription {
            observation.cancel()
            following.cancel()
        }
    }
}
