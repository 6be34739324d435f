extension PagedList where Row: RoutedRow & Identifiable {
    /// What the row `id` opens, or `nil` when the list no longer holds it: its item left the
    /// list since the view showed it, so a tap on it opens nothing rather than another row.
    public func route(of id: Row.ID) -> Route? {
        row(withID: id)?.route
    }
}
