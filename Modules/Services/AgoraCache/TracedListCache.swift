import AgoraArchitecture

/// A ``ListCache`` that reports each write of the one it wraps to a ``CacheWriteTrace``: how the
/// app watches its cache, whatever stores it, with no code in the caches or the features. Reads
/// and observations pass through untouched. The app registers each cache wrapped in one.
public struct TracedListCache<Item: Identifiable & Sendable>: ListCache where Item.ID: Sendable {
    /// The cache that stores.
    public let base: any ListCache<Item>
    /// Where writes are reported.
    public let trace: CacheWriteTrace
    private let name = String(describing: Item.self)

    public init(_ base: any ListCache<Item>, trace: CacheWriteTrace) {
        self.base = base
        self.trace = trace
    }

    public func items(in list: String) async -> [Item] {
        await base.items(in: list)
    }

    public func replace(_ list: String, with items: [Item]) async {
        await trace.run(name, "replace \(list) (\(Self.count(items)))") { await base.replace(list, with: items) }
    }

    public func append(_ items: [Item], to list: String) async {
        await trace.run(name, "append to \(list) (\(Self.count(items)))") { await base.append(items, to: list) }
    }

    public func prepend(_ items: [Item], to list: String) async {
        await trace.run(name, "prepend to \(list) (\(Self.count(items)))") { await base.prepend(items, to: list) }
    }

    public func item(id: Item.ID) async -> Item? {
        await base.item(id: id)
    }

    public func store(_ item: Item) async {
        await trace.run(name, "store \(item.id)") { await base.store(item) }
    }

    public func remove(id: Item.ID) async {
        await trace.run(name, "remove \(id)") { await base.remove(id: id) }
    }

    public func update(_ change: @escaping @Sendable (Item) -> Item?) async {
        await trace.run(name, "update every item") { await base.update(change) }
    }

    public func update(id: Item.ID, _ change: @escaping @Sendable (Item?) -> Item?) async -> Bool {
        var stored = false
        await trace.run(name, "update \(id)") { stored = await base.update(id: id, change) }
        return stored
    }

    public func removeList(_ list: String) async {
        await trace.run(name, "remove \(list)") { await base.removeList(list) }
    }

    public func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
        await base.observe(list, onChange: onChange)
    }

    public func cachedList(_ list: String) -> CachedList<Item> {
        base.cachedList(list)
    }

    public func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription {
        await base.observeItem(id: id, onChange: onChange)
    }

    private static func count(_ items: [Item]) -> String {
        items.count == 1 ? "1 item" : "\(items.count) items"
    }
}
