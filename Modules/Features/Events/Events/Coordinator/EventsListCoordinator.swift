import AgoraArchitecture

/// Starts an events list and sends a tapped event to its detail by route.
@MainActor
public final class EventsListCoordinator: Coordinator {
    private let filter: EventsFilter
    private let dependency: EventsListViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observation: OutputObservation?

    /// - Parameters:
    ///   - filter: which events the list shows.
    ///   - dependency: the list ViewModel's.
    ///   - navigator: where a tapped event's route goes.
    public init(filter: EventsFilter = .upcoming, dependency: EventsListViewModel.Dependency, navigator: any Navigator) {
        self.filter = filter
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = EventsListViewModel(filter: filter, dependency: dependency)
        observation = viewModel.navigation.showRoute.observe { [weak self] route in
            self?.navigator?.open(route)
        }
        return viewModel
    }
}
