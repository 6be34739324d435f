/// A ``ListCache`` that lives as long as the process: the OSS-mode cache and the one tests use.
public actor InMemoryListCache<Item: Identifiable & Sendable>: ListCache where Item.ID: Sendable {
    private var lists: [String: [Item.ID]] = [:]
    private var byID: [Item.ID: Item] = [:]

    public init() {}

    public func items(in list: String) -> [Item] {
        lists[list, default: []].compactMap { byID[$0] }
    }

    public func replace(_ list: String, with items: [Item]) {
        lists[list] = items.map(\.id)
        for item in items { byID[item.id] = item }
    }

    public func append(_ items: [Item], to list: String) {
        let incoming = Set(items.map(\.id))
        lists[list, default: []].removeAll { incoming.contains($0) }
        lists[list, default: []].append(contentsOf: items.map(\.id))
        for item in items { byID[item.id] = item }
    }

    public func item(id: Item.ID) -> Item? { byID[id] }

    public func store(_ item: Item) { byID[item.id] = item }

    public func remove(id: Item.ID) {
        byID[id] = nil
        for name in lists.keys { lists[name]?.removeAll { $0 == id } }
    }
}
