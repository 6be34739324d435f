import AgoraArchitecture

/// Starts the template items list and sends a chosen row to its event by route: the event's
/// screen belongs to another feature.
@MainActor
public final class TemplateItemsCoordinator: Coordinator {
    private let dependency: TemplateItemsViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observation: OutputObservation?

    public init(dependency: TemplateItemsViewModel.Dependency, navigator: any Navigator) {
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = TemplateItemsViewModel(dependency: dependency)
        observation = viewModel.navigation.showRoute.observe { [weak self] route in
            self?.navigator?.open(route)
        }
        return viewModel
    }
}
