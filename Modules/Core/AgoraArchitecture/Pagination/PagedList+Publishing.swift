import AgoraModels

/// Publishing: the window over the cached list becomes the rows a view reads.
extension PagedList {
    /// Publishes the window over the cached list: at once when every row in it is held or the
    /// list is in memory, else after reading the missing items off the main actor (a newer
    /// publication drops this one; an item gone from the cache meanwhile waits for the cache's
    /// next list, which no longer has it).
    @discardableResult
    func publish(_ snapshot: ListSnapshot<Item>? = nil) -> Task<Void, Never>? {
        publication += 1
        let snapshot = snapshot ?? cached
        let plan = window.plan(for: snapshot)
        guard !plan.missing.isEmpty, !snapshot.isHeldInMemory else {
            let read = plan.missing.map { snapshot.item(at: $0) }
            finishPublishing(plan, read: read, from: snapshot)
            return nil
        }
        let current = publication
        return work.start { [weak self] in
            let read = await Self.read(snapshot, at: plan.missing)
            guard let self, current == publication, phase != .stopped else { return }
            finishPublishing(plan, read: read, from: snapshot)
        }
    }

    private func finishPublishing(_ plan: ListWindow<Item, Row>.Plan, read: [Item?], from snapshot: ListSnapshot<Item>) {
        let missing = read.compactMap(\.self)
        guard missing.count == read.count else { return }
        let shown = window.apply(plan, read: missing, of: snapshot, makeRow: makeRow)
        published = snapshot
        let start = shown.start == 0 ? 0 : leading.count + shown.start
        let rows = ListRows(shown.start == 0 ? leading + shown.rows : shown.rows, from: start, totalCount: leading.count + snapshot.count)
        rowsSource.sendIfChanged(rows)
        isEmptySource.sendIfChanged(paginator.pageCount.value > 0 && rows.totalCount == 0)
    }

    /// The items at `indices` of `snapshot`, read from the cache off the main actor; `nil` for
    /// one that left the cache since the snapshot was taken.
    @concurrent
    nonisolated static func read(_ snapshot: ListSnapshot<Item>, at indices: [Int]) async -> [Item?] {
        indices.map { snapshot.item(at: $0) }
    }
}
