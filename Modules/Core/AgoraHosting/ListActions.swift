import AgoraArchitecture

/// The actions every list screen offers — the next page, the newest rows again, a row brought
/// into view — decided once for every view. A view maps its commands or buttons to them and
/// words what they answer (a terminal's "`refresh` loads the first page", a page's button).
@MainActor
public struct ListActions<Row: Hashable & Sendable> {
    /// What asking for the next page did.
    public enum More: Equatable {
        /// The next page was asked for; its rows show when it arrives.
        case nextPageRequested
        /// No page is left to ask for: all `shown` rows are shown, or — after a first load that
        /// failed or was cancelled — none was loaded yet (`isLoaded` false).
        case noMorePages(shown: Int, isLoaded: Bool)
    }

    private let outputs: any ListViewModelOutputs<Row>
    private let inputs: any ListViewModelInputs

    /// - Parameters:
    ///   - outputs: the list ViewModel's outputs.
    ///   - inputs: the inputs the view sends (its traced inputs).
    public init(outputs: any ListViewModelOutputs<Row>, inputs: any ListViewModelInputs) {
        self.outputs = outputs
        self.inputs = inputs
    }

    /// The page after the last row: asked for as a view does when its last row comes into view.
    public func more() -> More {
        let rows = outputs.rows.value
        guard outputs.hasMorePages.value else { return .noMorePages(shown: rows.totalCount, isLoaded: !rows.isEmpty) }
        inputs.willDisplayRow(rows.totalCount - 1, outOf: rows.totalCount)
        return .nextPageRequested
    }

    /// The newest rows again, from the first page.
    public func refresh() {
        inputs.refresh()
    }

    /// Row `index` (0-based, any row of the list) when the list holds it; otherwise `nil`, and
    /// the list is asked to bring it in, as when it comes into view (a long thread holds a
    /// window of its rows).
    public func row(_ index: Int) -> Row? {
        let rows = outputs.rows.value
        if rows.indices.contains(index) { return rows[index] }
        inputs.willDisplayRow(index, outOf: rows.totalCount)
        return nil
    }
}
