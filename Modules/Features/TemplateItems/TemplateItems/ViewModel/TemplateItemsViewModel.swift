import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the template items list: what happens on every list, and a row chosen.
@MainActor
public protocol TemplateItemsViewModelInputs: ListViewModelInputs {
    /// The user chose the row at `row` (0-based).
    func rowTapped(_ row: Int)
}

/// What the template items list shows: rows, cached ones first, then fresh ones as pages
/// arrive; a row changes when its template item changes in the cache.
@MainActor
public protocol TemplateItemsViewModelOutputs: ListViewModelOutputs where Row == TemplateItemRow {
    /// Whether the list was loaded and is empty (the empty state).
    var isEmpty: Output<Bool> { get }
}

/// Where the template items list asks to go; only its coordinator observes this.
@MainActor
public protocol TemplateItemsNavigationEvents {
    /// Show this event (another feature's screen: the coordinator goes by route).
    var showEvent: Signal<Event.ID> { get }
}

/// The template items list's ViewModel as its view and coordinator see it.
@MainActor
public protocol TemplateItemsViewModelType: ViewModel {
    var inputs: any TemplateItemsViewModelInputs { get }
    var outputs: any TemplateItemsViewModelOutputs { get }
    var navigation: any TemplateItemsNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}

/// The template items list: cached rows at once, then fresh pages, the next page near the end;
/// the rows follow the cache, so template items changed elsewhere change here too.
@MainActor
public final class TemplateItemsViewModel: TemplateItemsViewModelType, TemplateItemsViewModelInputs,
    TemplateItemsViewModelOutputs, TemplateItemsNavigationEvents
{
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any TemplateItemsFetchable
        public var loader: any TemplateItemsLoadable
        public var environment: AgoraEnvironment

        public init(fetcher: any TemplateItemsFetchable, loader: any TemplateItemsLoadable, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.environment = environment
        }
    }

    public var inputs: any TemplateItemsViewModelInputs { self }
    public var outputs: any TemplateItemsViewModelOutputs { self }
    public var navigation: any TemplateItemsNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<ListRows<TemplateItemRow>> { list.rows }
    public var isLoading: Output<Bool> { list.isLoading }
    public var isEmpty: Output<Bool> { list.isEmpty }
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }
    public var showEvent: Signal<Event.ID> { showEventSource.signal }

    private let showErrorSource = SignalSource<String>()
    private let showEventSource = SignalSource<Event.ID>()

    /// The cached list, paged: a page's rows show when it ends, together with whether more
    /// pages follow; template items changed elsewhere show at once.
    private let list: PagedList<TemplateItem, TemplateItemRow, ServiceError>
    private let dependency: Dependency
    private var observations: [OutputObservation] = []

    public init(dependency: Dependency) {
        self.dependency = dependency
        list = PagedList(work: work, environment: dependency.environment) { item in
            TemplateItemRow(item)
        }
        observations = [
            list.errors.observe { [weak self] error in
                self?.showErrorSource.send(error.description)
            }
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        // The cached rows show first; the first page is asked for after them.
        let fetcher = dependency.fetcher
        list.start(following: dependency.loader.cachedTemplateItems()) { cursor throws(ServiceError) in
            try await fetcher.fetchTemplateItems(after: cursor)
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
        showEventSource.send(rows.value[row].eventID)
    }
}
