import AgoraArchitecture

/// A ``ListCache`` that lives as long as the process: the one tests use. Same semantics as the
/// SQLite cache (both pass the same specification).
public actor InMemoryListCache<Item: Identifiable & Sendable>: ListCache where Item.ID: Sendable {
    private var lists: [String: [Item.ID]] = [:]
    private var byID: [Item.ID: Item] = [:]
    /// The revision of the write that last changed each item: with its id, a row's version.
    private var itemRevisions: [Item.ID: Int] = [:]

    /// Each write increases it; observers get values as of a revision.
    private var revision = 0
    private let observers = CacheObservers()
    private var listObservers: [(list: String, observer: CacheObserver<[Item]>)] = []
    private var snapshotObservers: [(list: String, observer: CacheObserver<ListSnapshot<Item>>)] = []
    private var itemObservers: [(id: Item.ID, observer: CacheObserver<Item?>)] = []

    public init() {}

    public func items(in list: String) -> [Item] {
        lists[list, default: []].compactMap { byID[$0] }
    }

    public func replace(_ list: String, with items: [Item]) async {
        lists[list] = items.map(\.id)
        keep(items)
        await changed(lists: [list], items: Set(items.map(\.id)))
    }

    public func append(_ items: [Item], to list: String) async {
        let incoming = Set(items.map(\.id))
        lists[list, default: []].removeAll { incoming.contains($0) }
        lists[list, default: []].append(contentsOf: items.map(\.id))
        keep(items)
        await changed(lists: [list], items: incoming)
    }

    public func prepend(_ items: [Item], to list: String) async {
        let incoming = Set(items.map(\.id))
        lists[list, default: []].removeAll { incoming.contains($0) }
        lists[list, default: []].insert(contentsOf: items.map(\.id), at: 0)
        keep(items)
        await changed(lists: [list], items: incoming)
    }

    public func item(id: Item.ID) -> Item? { byID[id] }

    public func store(_ item: Item) async {
        keep([item])
        await changed(lists: lists(containing: item.id), items: [item.id])
    }

    public func remove(id: Item.ID) async {
        byID[id] = nil
        itemRevisions[id] = nil
        let containing = lists(containing: id)
        for name in containing { lists[name]?.removeAll { $0 == id } }
        await changed(lists: containing, items: [id])
    }

    public func update(_ change: @escaping @Sendable (Item) -> Item?) async {
        let changed = byID.values.compactMap(change)
        guard !changed.isEmpty else { return }
        keep(changed)
        let ids = Set(changed.map(\.id))
        await self.changed(lists: Set(ids.flatMap(lists(containing:))), items: ids)
    }

    public func update(id: Item.ID, _ change: @escaping @Sendable (Item?) -> Item?) async -> Bool {
        // No suspension between the read and the keep: the actor runs nothing else between them.
        guard let new = change(byID[id]) else { return false }
        keep([new])
        await changed(lists: lists(containing: new.id), items: [new.id])
        return true
    }

    public func removeList(_ list: String) async {
        guard let ids = lists.removeValue(forKey: list) else { return }
        let elsewhere = Set(lists.values.joined())
        let gone = Set(ids.filter { !elsewhere.contains($0) })
        for id in gone {
            byID[id] = nil
            itemRevisions[id] = nil
        }
        await changed(lists: [list], items: gone)
    }

    // MARK: Observing

    public func observe(_ list: String, onChange: @escaping @MainActor @Sendable ([Item]) -> Void) async -> Subscription {
        let observer = CacheObserver(onChange: onChange)
        listObservers.append((list, observer))
        observer.send(items(in: list), revision: revision)
        return await subscribe(observer)
    }

    public nonisolated func cachedList(_ list: String) -> CachedList<Item> {
        CachedList { onChange in await self.observeSnapshots(list, onChange: onChange) }
    }

    /// Snapshots that keep their items: this cache holds every item in memory anyway.
    package func observeSnapshots(
        _ list: String, onChange: @escaping @MainActor @Sendable (ListSnapshot<Item>) -> Void
    ) async -> Subscription {
        let observer = CacheObserver(onChange: onChange)
        snapshotObservers.append((list, observer))
        observer.send(snapshot(of: list), revision: revision)
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

    /// Stores `items`, each with the revision of the write under way.
    /// Stores `items`; an item stored again unchanged keeps its revision, so its row keeps its
    /// version, as in the SQLite cache, where the same JSON changes nothing (a refresh that
    /// brings nothing new is "up to date"). Items that cannot be compared always count as changed.
    private func keep(_ items: [Item]) {
        for item in items {
            if let stored = byID[item.id], Self.isSame(stored, item) { continue }
            byID[item.id] = item
            itemRevisions[item.id] = revision + 1
        }
    }

    private static func isSame(_ stored: Item, _ new: Item) -> Bool {
        guard let stored = stored as? any Equatable else { return false }
        return stored.isSame(as: new)
    }

    /// List `list` with each row's version: its item's id and the write that last changed it.
    private func snapshot(of list: String) -> ListSnapshot<Item> {
        let ids = lists[list, default: []].filter { byID[$0] != nil }
        let versions = ids.map { id in
            var hasher = Hasher()
            hasher.combine(id)
            hasher.combine(itemRevisions[id, default: 0])
            return hasher.finalize()
        }
        return ListSnapshot(ids.compactMap { byID[$0] }, versions: versions)
    }

    private func lists(containing id: Item.ID) -> Set<String> {
        Set(lists.compactMap { name, ids in ids.contains(id) ? name : nil })
    }

    /// Tells every observer about a write that touched `changedLists` and `changedItems`, and
    /// returns once they have shown it.
    private func changed(lists changedLists: Set<String>, items changedItems: Set<Item.ID>) async {
        revision += 1
        listObservers.removeAll { $0.observer.isCancelled }
        snapshotObservers.removeAll { $0.observer.isCancelled }
        itemObservers.removeAll { $0.observer.isCancelled }
        for (list, observer) in listObservers {
            if changedLists.contains(list) {
                observer.send(items(in: list), revision: revision)
            } else {
                observer.advance(to: revision)
            }
        }
        for (list, observer) in snapshotObservers {
            if changedLists.contains(list) {
                observer.send(snapshot(of: list), revision: revision)
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

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isSame(as other: Any) -> Bool {
        (other as? Self) == self
    }
}
