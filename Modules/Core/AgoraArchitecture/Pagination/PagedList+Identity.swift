/// Finding a row or an item by what it is, not where it is: a view acts on the row it showed,
/// and rows move under it (a post on top, a refresh, a change made elsewhere), so an input names
/// a row by its id and the ViewModel finds it here, or learns it is gone.
extension PagedList where Row: Identifiable {
    /// The published row `id`, leading or cached; `nil` when the rows no longer hold it.
    public func row(withID id: Row.ID) -> Row? {
        rows.value.first { $0.id == id }
    }
}

extension PagedList where Item: Identifiable {
    /// The cached item `id` when the window holds it (the rows a view shows are in it); `nil`
    /// when it left the list, or lies outside the window.
    public func item(withID id: Item.ID) -> Item? {
        window.item { $0.id == id }
    }
}
