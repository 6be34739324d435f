/// What happens on every list screen: a list ViewModel's inputs refine this protocol and add
/// what their rows do (`EventsListViewModelInputs.rowTapped(_:)`).
@MainActor
public protocol ListViewModelInputs {
    /// The list was shown for the first time.
    func viewDidLoad()
    /// The user asked for the newest rows again, from the first page.
    func refresh()
    /// A row came into view; near the end of the list the next page is requested, and a row
    /// outside the rows held brings them there.
    func willDisplayRow(_ row: Int, outOf total: Int)
}

/// What every list screen shows: a list ViewModel's outputs refine this protocol with their row
/// type (`EventsListViewModelOutputs: ListViewModelOutputs<EventRow>`) and add what is their own.
///
/// A view that knows this protocol can draw any feature's list; a `PagedList` gives each of its
/// members.
@MainActor
public protocol ListViewModelOutputs<Row> {
    associatedtype Row: Hashable & Sendable
    /// The rows: a value a view may index freely; its indices are row numbers in the whole list.
    var rows: Output<ListRows<Row>> { get }
    /// Whether a page is being loaded.
    var isLoading: Output<Bool> { get }
    /// Whether there is a page after the rows shown.
    var hasMorePages: Output<Bool> { get }
    /// A message for each failed load (and, on a list the user changes, each refused action).
    var showError: Signal<String> { get }
    /// A refresh found the list as it was.
    var showUpToDate: Signal<Void> { get }
}
