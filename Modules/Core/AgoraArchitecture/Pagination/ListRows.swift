/// The rows a list screen shows: a few rows of the screen's own first (a comment being sent),
/// then one row per row of a cached list, each made when it is asked for.
///
/// What this teaches: a ViewModel maps items to rows, but it need not map them all. Making every
/// row on every page would keep a copy of the whole list in rows and format each again; here a
/// long list stays a ``ListSnapshot`` and a row is made from its item only when a view
/// reads it. A view that redraws only what changed compares ``version(at:)`` first and makes the
/// rows whose version changed.
public struct ListRows<Row: Hashable & Sendable>: RandomAccessCollection, Sendable {
    /// The screen's own rows, before the list's.
    public let leading: [Row]
    /// The list's versions, for ``==`` and ``version(at:)``.
    private let listVersions: ChunkedArray<Int32>
    /// What the list's rows depend on besides their items (who is logged in), hashed.
    private let context: Int
    /// Makes the row of the list's row at an index.
    private let listRow: @Sendable (Int) -> Row

    /// No rows.
    public init() {
        self.init(leading: [])
    }

    /// Rows of the screen's own only.
    public init(leading: [Row]) {
        self.leading = leading
        listVersions = ChunkedArray()
        context = 0
        listRow = { _ in preconditionFailure("a list without a cached part has no cached rows") }
    }

    /// `leading`, then a row for each row of `list`.
    ///
    /// - Parameters:
    ///   - leading: rows of the screen's own, shown first.
    ///   - list: the cached list.
    ///   - context: what else `row` depends on (who is logged in): when it changes, every
    ///     list row has a new version.
    ///   - row: makes a row from an item; called when the row is read.
    ///   - unavailable: the row shown for an item that left the cache since `list` was taken
    ///     (another process removed it); the next snapshot no longer has it.
    public init<Item: Sendable>(
        leading: [Row] = [], list: ListSnapshot<Item>, context: some Hashable,
        row: @escaping @Sendable (Item) -> Row, unavailable: @escaping @Sendable (_ index: Int) -> Row
    ) {
        self.leading = leading
        listVersions = list.versions
        self.context = context.hashValue
        listRow = { index in list.item(at: index).map(row) ?? unavailable(index) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { leading.count + listVersions.count }

    /// The row at `index`, made now when it is one of the list's.
    public subscript(index: Int) -> Row {
        index < leading.count ? leading[index] : listRow(index - leading.count)
    }

    /// A number that changes when the row at `index` does, without making the row: a leading
    /// row's hash value, or the list row's version mixed with the context's hash.
    ///
    /// Mixed by `xor`, not hashed again: a view compares the version of every row on every
    /// page, and the versions are hashes already.
    public func version(at index: Int) -> Int {
        index < leading.count ? leading[index].hashValue : Int(listVersions[index - leading.count]) ^ context
    }
}

extension ListRows {
    /// How many rows at the start are the same as in `previous`, told without making a row or
    /// reading every version: a page appended keeps every row before it.
    public func unchangedPrefixCount(since previous: Self) -> Int {
        guard leading == previous.leading else {
            return zip(leading, previous.leading).prefix { $0 == $1 }.count
        }
        guard listVersions.isEmpty || previous.listVersions.isEmpty || context == previous.context else { return leading.count }
        return leading.count + listVersions.commonPrefixCount(with: previous.listVersions)
    }
}

extension ListRows: Equatable {
    /// Whether both show the same rows, compared without making any.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // Without list rows, what they would depend on does not matter.
        lhs.leading == rhs.leading && lhs.listVersions == rhs.listVersions
            && (lhs.listVersions.isEmpty || lhs.context == rhs.context)
    }
}
