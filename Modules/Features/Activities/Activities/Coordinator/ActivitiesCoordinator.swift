import AgoraArchitecture

/// Starts the activity feed and sends a tapped activity, or a login request, to whichever
/// feature owns that route.
@MainActor
public final class ActivitiesCoordinator: Coordinator {
    private let dependency: ActivitiesViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observations: [OutputObservation] = []

    public init(dependency: ActivitiesViewModel.Dependency, navigator: any Navigator) {
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = ActivitiesViewModel(dependency: dependency)
        observations = [
            viewModel.navigation.showRoute.observe { [weak self] route in
                self?.navigator?.open(route)
            },
            viewModel.navigation.showLogin.observe { [weak self] in
                self?.navigator?.open(.login)
            },
        ]
        return viewModel
    }
}
