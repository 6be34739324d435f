import AgoraArchitecture

/// A ``ListCache`` that lives as long as the process: the one tests use. Same semantics as the
/// SQLite cache (both pass the same specification).
public actor InMemoryListCache<Item: Identifiable & Sendable>: ListCache where Item.ID: Sendable {
    private var lists: [String: [Item.ID]] = [:]
    private var byID: [Item.ID: Item] = [:]

    /// Each write increases it; observers get values as of a revision.
    private var revision = 0
    private let observers = CacheObservers()
    private var listObservers: [(list: String, observer: CacheObserver<[Item]>)] = []
    private var itemObservers: [(id: Item.ID, observer: CacheObserver<Item?>)] = []

    public init() {}

    public func items(in list: String) -> [Item] {
        lists[list, default: []].compactMap { byID[$0] }
    }

    public func replace(_ list: String, with items: [Item]) async {
        lists[list] = items.map(\.id)
        for item in items { byID[item.id] = item }
        await changed(lists: [list], items: Set(items.map(\.id)))
    }

    public func append(_ items: [Item], to list: String) async {
        let incoming = Set(items.map(\.id))
        lists[list, default: []].removeAll { incoming.contains($0) }
        lists[list, default: []].append(contentsOf: items.map(\.id))
        for item in items { byID[item.id] = item }
        await changed(lists: [list], items: incoming)
    }

    public func item(id: Item.ID) -> Item? { byID[id] }

    public func store(_ item: Item) async {
        byID[item.id] = item
        await changed(lists: lists(containing: item.id), items: [item.id])
    }

    public func remove(id: Item.ID) async {
        byID[id] = nil
        let containing = lists(containing: id)
        for name in containing { lists[name]?.removeAll { $0 == id } }
        await changed(lists: containing, items: [id])
    }

    // MARK: Observing

    public func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
        let observer = CacheObserver(onChange: onChange)
        listObservers.append((list, observer))
        observer.send(items(in: list), revision: revision)
        return await subscribe(observer)
    }

    public func observeItem(id: Item.ID, onChange: @escaping @MainActor @Sendable (Item?) -> Void) async -> Subscription {
        let observer = CacheObserver(onChange: onChange)
        itemObservers.append((id, observer))
        observer.send(byID[id], revision: revision)
        return await subscribe(observer)
    }

    /// Registers `observer` and returns once it has shown its first value.
    private func subscribe(_ observer: some CacheObserving) async -> Subscription {
        let subscription = observers.add(observer)
        await observer.delivered(through: revision)
        return subscription
    }

    private func lists(containing id: Item.ID) -> Set<String> {
        Set(lists.compactMap { name, ids in ids.contains(id) ? name : nil })
    }

    /// Tells every observer about a write that touched `changedLists` and `changedItems`, and
    /// returns once they have shown it.
    private func changed(lists changedLists: Set<String>, items changedItems: Set<Item.ID>) async {
        revision += 1
        listObservers.removeAll { $0.observer.isCancelled }
        itemObservers.removeAll { $0.observer.isCancelled }
        for (list, observer) in listObservers {
            if changedLists.contains(list) {
                observer.send(items(in: list), revision: revision)
            } else {
                observer.advance(to: revision)
            }
        }
        for (id, observer) in itemObservers {
            if changedItems.contains(id) {
                observer.send(byID[id], revision: revision)
            } else {
                observer.advance(to: revision)
            }
        }
        await observers.delivered(through: revision)
    }
}
