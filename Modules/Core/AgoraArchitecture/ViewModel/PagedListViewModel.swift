/// A list ViewModel whose rows come from a ``PagedList``: what every list shows and does is read
/// from its ``list`` here, once, and the ViewModel writes only what is its own — what a row is,
/// which list it follows, what a chosen row opens, and any input that does more than the list
/// does (a refresh that first checks a login).
///
/// ```swift
/// public final class EventsListViewModel: PagedListViewModel, EventsListViewModelInputs, … {
///     public let list: PagedList<Event, EventRow, ServiceError>
///     public var showError: Signal<String> { showErrorSource.signal }
///     …
/// }
/// ```
///
/// A view reads the ViewModel through its inputs and outputs protocols, which do not name the
/// list, so a view cannot act on it past the ViewModel.
@MainActor
public protocol PagedListViewModel: ListViewModelInputs, ListViewModelOutputs {
    /// What the list's rows are made from.
    associatedtype Item: Sendable
    /// How loading a page fails.
    associatedtype Failure: Error

    /// The rows, paged and following the cache: the ViewModel starts it, and the members every
    /// list has are read from it.
    var list: PagedList<Item, Row, Failure> { get }
}

extension PagedListViewModel {
    /// The list's rows.
    public var rows: Output<ListRows<Row>> { list.rows }
    /// Whether the list is loading a page.
    public var isLoading: Output<Bool> { list.isLoading }
    /// Whether the list was loaded and has no rows.
    public var isEmpty: Output<Bool> { list.isEmpty }
    /// Whether a page follows the rows held.
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    /// A refresh found the list as it was.
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }

    /// Asks for the newest rows again, from the first page.
    public func refresh() { list.refresh() }

    /// A row came into view: near the end, the next page; a row outside the window, the rows
    /// around it.
    public func willDisplayRow(_ row: Int, outOf total: Int) { list.willDisplayRow(row, outOf: total) }
}
