import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The template items list: cached rows at once, then fresh pages, the next page near the end;
/// the rows follow the cache, so template items changed elsewhere change here too.
@MainActor
public final class TemplateItemsViewModel: PagedListViewModel, TemplateItemsViewModelType, TemplateItemsViewModelInputs,
    TemplateItemsViewModelOutputs, TemplateItemsNavigationEvents
{
    public var inputs: any TemplateItemsViewModelInputs { self }
    public var outputs: any TemplateItemsViewModelOutputs { self }
    public var navigation: any TemplateItemsNavigationEvents { self }
    public let work = WorkTracker()

    public var showError: Signal<String> { showErrorSource.signal }
    public var showRoute: Signal<Route> { showRouteSource.signal }

    private let showErrorSource = SignalSource<String>()
    private let showRouteSource = SignalSource<Route>()

    /// The cached list, paged: a page's rows show when it ends, together with whether more
    /// pages follow; template items changed elsewhere show at once.
    public let list: PagedList<TemplateItem, TemplateItemRow, ServiceError>
    private let dependency: Dependency
    private var observations: [OutputObservation] = []

    public init(dependency: Dependency) {
        self.dependency = dependency
        let environment = dependency.environment
        list = PagedList(work: work, environment: environment) { item in
            TemplateItemRow(item: item, environment: environment)
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

    public func rowTapped(_ id: TemplateItemRow.ID) {
        if let route = list.route(of: id) {
            showRouteSource.send(route)
        } else {
            showErrorSource.send("That template item is no longer in the list.")
        }
    }
}
