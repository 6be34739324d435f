import AgoraArchitecture

/// Starts the events list and sends a tapped event to its detail by route.
@MainActor
public final class EventsListCoordinator: Coordinator {
    private let dependency: EventsListViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observation: OutputObservation?

    public init(dependency: EventsListViewModel.Dependency, navigator: any Navigator) {
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = EventsListViewModel(dependency: dependency)
        observation = viewModel.navigation.showRoute.observe { [weak self] route in
            self?.navigator?.open(route)
        }
        return viewModel
    }
}
