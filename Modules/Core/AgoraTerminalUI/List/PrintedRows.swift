/// The rows a ``PagedTable`` printed for one list, so a screen can add notes under them.
public struct PrintedRows: Equatable, Sendable {
    /// The indices of the rows printed, in the list's numbering.
    public let indices: [Int]
    /// Whether they were printed as a whole table under its title, rather than as the rows that
    /// changed.
    public let isWholeTable: Bool

    /// Nothing printed: the list was as printed last.
    public static let none = PrintedRows(indices: [], isWholeTable: false)

    public init(indices: [Int], isWholeTable: Bool) {
        self.indices = indices
        self.isWholeTable = isWholeTable
    }
}
