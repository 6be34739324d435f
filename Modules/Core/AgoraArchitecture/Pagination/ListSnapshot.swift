/// A cached list as one observation delivered it: how many rows, a version of each row, and
/// their items — kept, for a short list, or read from the cache when asked for, for a long one.
///
/// Internal to the kit and the caches: a ``PagedList`` follows a ``CachedList`` through
/// snapshots. A snapshot of a long list holds two numbers a row — a version to tell what changed,
/// and where the cache keeps it — so a page costs the page however long the list is; the list
/// reads the items of the rows entering its window, off the main actor.
///
/// A row's *version* changes when its item does, and differs between items: two snapshots with
/// the same versions show the same list, which is how a list that did not change is not sent
/// again (`==`) and how the window keeps the rows that did not change without reading them.
package struct ListSnapshot<Item: Sendable>: Sendable {
    /// How many rows the list has.
    package var count: Int { versions.count }
    /// Each row's version, in list order; shared with the cache's copy (see ``ChunkedArray``).
    /// 32 bits a row: versions are compared row by row, never looked up, so two rows sharing
    /// one would matter only when a row changed into its exact collision (1 in 2³²).
    let versions: ChunkedArray<Int32>
    private let source: Source

    private enum Source: Sendable {
        /// The items, in list order.
        case kept([Item])
        /// Reads the item of a row from the cache; `nil` when it left the cache since.
        case cache(@Sendable (_ index: Int) -> Item?)
    }

    /// A list held as its items, each row versioned by the item's hash value.
    package init(_ items: [Item]) where Item: Hashable {
        self.init(items, versions: items.map(\.hashValue))
    }

    /// A list held as its items, with the version of each (the same count).
    package init(_ items: [Item], versions: [Int]) {
        precondition(items.count == versions.count, "a snapshot needs one version per item")
        self.versions = ChunkedArray(versions.lazy.map { Int32(truncatingIfNeeded: $0) })
        source = .kept(items)
    }

    /// A list held as versions only: `read` gets a row's item from the cache when it is asked for.
    ///
    /// - Parameters:
    ///   - versions: each row's version, in list order.
    ///   - read: the item of the row at an index; `nil` when it is no longer in the cache
    ///     (removed since; the next snapshot no longer has the row).
    package init(versions: ChunkedArray<Int32>, read: @escaping @Sendable (_ index: Int) -> Item?) {
        self.versions = versions
        source = .cache(read)
    }

    /// A list held as versions only (see ``init(versions:read:)-(ChunkedArray<Int32>,_)``).
    package init(versions: [Int], read: @escaping @Sendable (_ index: Int) -> Item?) {
        self.init(versions: ChunkedArray(versions.lazy.map { Int32(truncatingIfNeeded: $0) }), read: read)
    }

    /// Whether every item is in memory, so reading one costs no I/O.
    package var isHeldInMemory: Bool {
        if case .kept = source { true } else { false }
    }

    /// Whether the list has no rows.
    package var isEmpty: Bool { versions.isEmpty }

    /// The item of the row at `index` (0-based); `nil` when it left the cache since this
    /// snapshot was taken.
    package func item(at index: Int) -> Item? {
        switch source {
        case .kept(let items): items[index]
        case .cache(let read): read(index)
        }
    }

    /// The version of the row at `index` (0-based).
    package func version(at index: Int) -> Int {
        Int(versions[index])
    }

    /// Every row's item, in order: read one by one from the cache for a long list, so meant for
    /// short lists and tests; a row whose item left the cache is left out.
    package var items: [Item] {
        switch source {
        case .kept(let items): items
        case .cache(let read): versions.indices.compactMap(read)
        }
    }
}

extension ListSnapshot: Equatable {
    /// Whether both show the same rows: the same versions, in the same order.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.versions == rhs.versions
    }
}

extension ListSnapshot: ExpressibleByArrayLiteral where Item: Hashable {
    package init(arrayLiteral items: Item...) {
        self.init(items)
    }
}

extension ListSnapshot: CustomStringConvertible {
    /// A kept list as its items ("[1, 2, 3]"); a list read on demand by its count, without
    /// reading it ("200000 rows").
    package var description: String {
        switch source {
        case .kept(let items): String(describing: items)
        case .cache: "\(count) rows"
        }
    }
}
