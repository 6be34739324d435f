extension PagedList where Row: RoutedRow {
    /// What the row at `row` opens, or `nil` when the row is not held (a tap on a row the list
    /// has since dropped does nothing).
    public func route(ofRow row: Int) -> Route? {
        let rows = self.rows.value
        return rows.indices.contains(row) ? rows[row].route : nil
    }
}
