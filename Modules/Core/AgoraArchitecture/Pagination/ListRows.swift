/// The rows a list screen shows, ready to draw: reading one does no I/O and cannot fail.
///
/// A short list is held whole. Of a long one (a thread of thousands of comments) only a window
/// of rows is held, around the rows the view shows last (see ``PagedList``): its indices are the
/// rows' numbers in the whole list, from ``startIndex`` to ``endIndex``, and ``totalCount`` says
/// how many rows the list has in all. A view that asks for a row outside the window, by
/// `willDisplayRow`, gets a new value holding it.
///
/// ```swift
/// for index in rows.indices { draw(rows[index], number: index + 1) }
/// ```
public struct ListRows<Row: Sendable>: RandomAccessCollection, Sendable {
    /// The first row held, as its place in the whole list (0 for a list held whole).
    public let startIndex: Int
    /// How many rows the whole list has, held or not.
    public let totalCount: Int
    private let held: [Row]

    /// No rows.
    public init() {
        self.init([])
    }

    /// A list held whole.
    public init(_ rows: [Row]) {
        self.init(rows, from: 0, totalCount: rows.count)
    }

    /// The rows from `start` of a list of `totalCount` rows.
    package init(_ rows: [Row], from start: Int, totalCount: Int) {
        precondition(start >= 0 && start + rows.count <= totalCount, "rows \(start)..<\(start + rows.count) out of \(totalCount)")
        startIndex = start
        self.totalCount = totalCount
        held = rows
    }

    /// One past the last row held.
    public var endIndex: Int { startIndex + held.count }

    /// The row at `index`, one of ``indices``.
    public subscript(index: Int) -> Row {
        precondition(indices.contains(index), "row \(index) is not held: \(indices) of \(totalCount)")
        return held[index - startIndex]
    }

    /// Whether the whole list is held.
    public var isWhole: Bool { held.count == totalCount }
}

extension ListRows: Equatable where Row: Equatable {}
extension ListRows: Hashable where Row: Hashable {}

extension ListRows: ExpressibleByArrayLiteral {
    /// A list held whole: `[row1, row2]`.
    public init(arrayLiteral rows: Row...) {
        self.init(rows)
    }
}

extension ListRows: CustomStringConvertible {
    /// A list held whole as its rows ("[1, 2, 3]"); a window by its place ("rows 20..<40 of 900").
    public var description: String {
        isWhole ? String(describing: held) : "rows \(startIndex)..<\(endIndex) of \(totalCount)"
    }
}
