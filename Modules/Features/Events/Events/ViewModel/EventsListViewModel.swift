import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The list of upcoming events: cached rows at once, then fresh pages, next page near the end;
/// the rows follow the cache, so an event changed on another screen changes here too.
@MainActor
public final class EventsListViewModel: EventsListViewModelType, EventsListViewModelInputs,
    EventsListViewModelOutputs, EventsListNavigationEvents
{
    public var inputs: any EventsListViewModelInputs { self }
    public var outputs: any EventsListViewModelOutputs { self }
    public var navigation: any EventsListNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<ListRows<EventRow>> { list.rows }
    public var isLoading: Output<Bool> { list.isLoading }
    public var isEmpty: Output<Bool> { list.isEmpty }
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }
    public var showRoute: Signal<Route> { showRouteSource.signal }

    private let showErrorSource = SignalSource<String>()
    private let showRouteSource = SignalSource<Route>()

    /// The cached events, paged: a page's rows show when it ends, an event changed elsewhere at once.
    private let list: PagedList<Event, EventRow, ServiceError>
    private let dependency: Dependency
    private var observations: [OutputObservation] = []

    public init(dependency: Dependency) {
        self.dependency = dependency
        let environment = dependency.environment
        list = PagedList(work: work, environment: environment) { event in
            EventRow(event: event, environment: environment)
        }
        observations = [
            list.errors.observe { [weak self] error in
                self?.showErrorSource.send(error.description)
            }
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let fetcher = dependency.fetcher
        list.start(following: dependency.loader.cachedEvents()) { cursor throws(ServiceError) in
            try await fetcher.fetchEvents(after: cursor)
        }
    }

    public func refresh() {
        list.refresh()
    }

    public func willDisplayRow(_ row: Int, outOf total: Int) {
        list.willDisplayRow(row, outOf: total)
    }

    public func rowTapped(_ row: Int) {
        if let route = list.route(ofRow: row) { showRouteSource.send(route) }
    }
}
