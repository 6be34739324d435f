import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the events list.
@MainActor
public protocol EventsListViewModelInputs {
    /// The list was shown for the first time.
    func viewDidLoad()
    /// The user asked for fresh data.
    func refresh()
    /// A row came into view; near the end of the list the next page is requested.
    func willDisplayRow(_ row: Int, outOf total: Int)
    /// The user chose the row at `row` (0-based).
    func rowTapped(_ row: Int)
}

/// What the events list shows.
@MainActor
public protocol EventsListViewModelOutputs {
    /// The rows, cached ones first, then fresh ones as pages arrive; a row changes when its
    /// event changes in the cache. Identical rows are not sent again.
    var rows: Output<[EventListItem]> { get }
    /// Whether a page is being loaded.
    var isLoading: Output<Bool> { get }
    /// Whether the list was loaded and has no events (the empty state).
    var isEmpty: Output<Bool> { get }
    /// Whether there is a page after the rows shown.
    var hasMorePages: Output<Bool> { get }
    /// A message for each failed load.
    var showError: Signal<String> { get }
}

/// Where the events list asks to go; only its coordinator observes this.
@MainActor
public protocol EventsListNavigationEvents {
    /// Show the detail of this event.
    var showEventDetail: Signal<Event.ID> { get }
}

/// The events list's ViewModel as its view and coordinator see it.
@MainActor
public protocol EventsListViewModelType: AnyObject {
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
    EventsListViewModelOutputs, EventsListNavigationEvents {
    /// What the ViewModel needs (Eight's `Dependency`).
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

    public var rows: Output<[EventListItem]> { rowsSource.output }
    public var isLoading: Output<Bool> { paginator.isLoading }
    public var isEmpty: Output<Bool> { paginator.isEmpty }
    public var hasMorePages: Output<Bool> { paginator.hasMorePages }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showEventDetail: Signal<Event.ID> { showEventDetailSource.signal }

    private let rowsSource = OutputSource<[EventListItem]>([])
    private let showErrorSource = SignalSource<String>()
    private let showEventDetailSource = SignalSource<Event.ID>()

    private let dependency: Dependency
    private let paginator: Paginator<Event, ServiceError>
    private var observations: [OutputObservation] = []
    private var subscription: Subscription?
    /// The cached list as the cache last showed it: what the rows are made of.
    private var cachedEvents: [Event] = []

    public init(dependency: Dependency) {
        self.dependency = dependency
        let fetcher = dependency.fetcher
        paginator = Paginator(work: work) { cursor throws(ServiceError) in
            try await fetcher.fetchEvents(after: cursor)
        }
        bindPaginator()
    }

    private func bindPaginator() {
        observations = [
            // A page writes the cache while it loads; its rows show when it ends, together with
            // whether more pages follow.
            paginator.isLoading.observe { [weak self] isLoading in
                if !isLoading { self?.publishRows() }
            },
            paginator.errors.observe { [weak self] error in
                self?.showErrorSource.send(error.description)
            },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let loader = dependency.loader
        work.start { [weak self] in
            // The cached rows show first (the cache answers before the server); the first page
            // is asked for after them, so it always replaces them.
            let subscription = await loader.observeEvents { [weak self] events in self?.cacheChanged(events) }
            guard let self else { return }
            self.subscription = subscription
            // Stopped by the user (Ctrl-C) while the cache answered: no page is asked for.
            guard !Task.isCancelled else { return }
            paginator.requestFirstPage()
        }
    }

    public func refresh() {
        paginator.requestFirstPage()
    }

    public func willDisplayRow(_ row: Int, outOf total: Int) {
        paginator.willDisplayRow(row, outOf: total)
    }

    public func rowTapped(_ row: Int) {
        guard rowsSource.value.indices.contains(row) else { return }
        showEventDetailSource.send(rowsSource.value[row].id)
    }

    // MARK: Rows

    /// The cache changed: a page of this list (shown when it ends), or an event updated
    /// elsewhere (shown now: an RSVP on the detail screen changes its row here).
    private func cacheChanged(_ events: [Event]) {
        cachedEvents = events
        guard !paginator.isLoading.value else { return }
        publishRows()
    }

    private func publishRows() {
        let environment = dependency.environment
        rowsSource.sendIfChanged(cachedEvents.map { EventListItem(event: $0, environment: environment) })
    }
}
