import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the events list: what happens on every list, and a row chosen.
@MainActor
public protocol EventsListViewModelInputs: ListViewModelInputs {
    /// The user chose the row at `row` (0-based).
    func rowTapped(_ row: Int)
}

/// What the events list shows: rows of upcoming events, cached ones first, then fresh ones as
/// pages arrive; a row changes when its event changes in the cache.
@MainActor
public protocol EventsListViewModelOutputs: ListViewModelOutputs where Row == EventRow {
    /// Whether the list was loaded and has no events (the empty state).
    var isEmpty: Output<Bool> { get }
}

/// Where the events list asks to go; only its coordinator observes this.
@MainActor
public protocol EventsListNavigationEvents {
    /// Show the detail of this event.
    var showEventDetail: Signal<Event.ID> { get }
}

/// The events list's ViewModel as its view and coordinator see it.
@MainActor
public protocol EventsListViewModelType: ViewModel {
    var inputs: any EventsListViewModelInputs { get }
    var outputs: any EventsListViewModelOutputs { get }
    var navigation: any EventsListNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}

/// The list of upcoming events: cached rows at once, then fresh pages, next page near the end;
/// the rows follow the cache, so an event changed on another screen changes here too.
@MainActor
public final class EventsListViewModel: EventsListViewModelType, EventsListViewModelInputs,
    EventsListViewModelOutputs, EventsListNavigationEvents
{
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any EventsFetchable
        public var loader: any EventsLoadable
        public var environment: AgoraEnvironment

        public init(fetcher: any EventsFetchable, loader: any EventsLoadable, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.environment = environment
        }
    }

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
    public var showEventDetail: Signal<Event.ID> { showEventDetailSource.signal }

    private let showErrorSource = SignalSource<String>()
    private let showEventDetailSource = SignalSource<Event.ID>()

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
        guard rows.value.indices.contains(row) else { return }
        showEventDetailSource.send(rows.value[row].id)
    }
}
