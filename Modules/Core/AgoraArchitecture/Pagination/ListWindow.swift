/// The part of a cached list that a ``PagedList`` holds in memory: where it is, and the items
/// and rows in it.
///
/// It is at the top of the list at first, follows the end while the view displays the last rows
/// (a page appended joins it, and the oldest rows leave it), and moves to a row the view displays
/// outside it. A publication keeps every held row whose item did not change, in its place or
/// moved by rows added on top, so only new or changed items are read and made into rows.
struct ListWindow<Item: Sendable, Row> {
    /// What a publication needs: the range of cached rows to hold, which of them are held
    /// already, and which to read.
    struct Plan: Sendable {
        /// The cached rows the window holds after this publication.
        let range: Range<Int>
        /// For each row of `range`, its place in the rows held now; `nil` when it must be read.
        let reused: [Int?]
        /// The cached rows to read, in order.
        let missing: [Int]
    }

    /// The most rows held.
    let size: Int
    /// The first cached row the next publication holds, unless it follows the end.
    private var start = 0
    /// The view displays the last rows: the window ends where the list ends.
    private var followsEnd = false
    /// What was last published: the first row's place, and the items, versions and rows.
    private var heldStart = 0
    private var items: [Item] = []
    private var versions: [Int32] = []
    /// `nil` for a row to make again from its item (``forgetRows()``).
    private var rows: [Row?] = []
    /// How many rows the list had when last published, to find rows moved down by rows on top.
    private var heldListCount = 0

    init(size: Int) {
        precondition(size > 0, "a window holds at least one row")
        self.size = size
    }

    /// The view displays cached row `index` of a list of `count`: near the end the window follows
    /// the end; outside the window it moves there. Returns whether the window moved.
    mutating func display(_ index: Int, of count: Int, prefetch: Int) -> Bool {
        let held = heldStart..<(heldStart + items.count)
        if index >= count - prefetch {
            followsEnd = true
            return held.upperBound < count
        }
        followsEnd = false
        guard !held.contains(index) else { return false }
        start = max(0, index - size / 2)
        return true
    }

    /// The next publication holds the top of the list.
    mutating func moveToTop() {
        start = 0
        followsEnd = false
    }

    /// Every held row is made again from its item at the next publication.
    mutating func forgetRows() {
        rows = Array(repeating: nil, count: rows.count)
    }

    /// The first held item that `matches`; `nil` when none does.
    func item(where matches: (Item) -> Bool) -> Item? {
        items.first(where: matches)
    }

    /// What publishing `snapshot` takes: the rows to hold, and which of them must be read.
    func plan(for snapshot: ListSnapshot<Item>) -> Plan {
        let count = snapshot.count
        let first = followsEnd ? max(0, count - size) : min(start, max(0, count - size))
        let range = first..<min(count, first + size)
        // Rows keep their place when a page is appended, and move down when rows come on top.
        let shifts = [0, count - heldListCount]
        var reused: [Int?] = []
        var missing: [Int] = []
        reused.reserveCapacity(range.count)
        for index in range {
            let version = snapshot.versions[index]
            let place = shifts.lazy.map { index - $0 - heldStart }.first { self.versions.indices.contains($0) && self.versions[$0] == version }
            reused.append(place)
            if place == nil { missing.append(index) }
        }
        return Plan(range: range, reused: reused, missing: missing)
    }

    /// Holds the rows of `plan`: the reused ones, and rows made from `read` (the items of
    /// `plan.missing`, in order). Returns the first row's place and the rows.
    @MainActor mutating func apply(
        _ plan: Plan, read: [Item], of snapshot: ListSnapshot<Item>, makeRow: @MainActor (Item) -> Row
    ) -> (start: Int, rows: [Row]) {
        var newItems: [Item] = []
        var newRows: [Row] = []
        var newVersions: [Int32] = []
        newItems.reserveCapacity(plan.range.count)
        newRows.reserveCapacity(plan.range.count)
        newVersions.reserveCapacity(plan.range.count)
        var nextRead = read.makeIterator()
        for (index, place) in zip(plan.range, plan.reused) {
            let item: Item
            let row: Row
            if let place {
                item = items[place]
                row = rows[place] ?? makeRow(item)
            } else {
                guard let readItem = nextRead.next() else { preconditionFailure("one item read per missing row") }
                item = readItem
                row = makeRow(item)
            }
            newItems.append(item)
            newRows.append(row)
            newVersions.append(snapshot.versions[index])
        }
        items = newItems
        rows = newRows
        versions = newVersions
        heldStart = plan.range.lowerBound
        heldListCount = snapshot.count
        if !followsEnd { start = heldStart }
        return (heldStart, newRows)
    }
}
