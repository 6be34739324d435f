extension ListViewModelInputs {
    /// The row `id` of `rows` came into view: near the end of the list the next page is asked
    /// for. A view that iterates rows by id (SwiftUI's `List(rows)` and `onAppear`) says which
    /// row by its id; a row `rows` no longer holds asks for nothing.
    ///
    /// ```swift
    /// List(viewModel.outputs.rows.value) { row in
    ///     EventRowView(row: row)
    ///         .onAppear { viewModel.inputs.willDisplayRow(withID: row.id, in: viewModel.outputs.rows.value) }
    /// }
    /// ```
    public func willDisplayRow<Row: Identifiable>(withID id: Row.ID, in rows: ListRows<Row>) {
        if let index = rows.firstIndex(where: { $0.id == id }) { willDisplayRow(index, outOf: rows.totalCount) }
    }
}
