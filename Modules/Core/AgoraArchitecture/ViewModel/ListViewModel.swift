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
    /// Whether the list was loaded and has no rows: the empty state. A feature that knows why
    /// (nobody is logged in) says so in an output of its own.
    var isEmpty: Output<Bool> { get }
    /// Whether there is a page after the rows shown.
    var hasMorePages: Output<Bool> { get }
    /// A message for each failed load (and, on a list the user changes, each refused action).
    var showError: Signal<String> { get }
    /// A refresh found the list as it was.
    var showUpToDate: Signal<Void> { get }
}

/// Where every list screen asks to go: a list's navigation events refine this protocol. A chosen
/// row, or a link on the screen, asks for another screen by its ``Route``, whichever feature
/// owns it; the coordinator opens it (`navigator.open(route)`).
@MainActor
public protocol ListNavigationEvents {
    /// Show the screen of this route.
    var showRoute: Signal<Route> { get }
}

/// A row that opens a screen when chosen: a list whose rows are routed answers
/// `rowTapped(_:)`, which names the row by its id, with ``PagedList/route(of:)``.
public protocol RoutedRow {
    /// What choosing the row opens.
    var route: Route { get }
}
