import AgoraArchitecture
import AgoraModels

/// Starts an event's comments and hands "log in" and "back to the event" to whichever feature
/// owns those routes.
@MainActor
public final class CommentsCoordinator: Coordinator {
    private let eventID: Event.ID
    private let dependency: CommentsViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observations: [OutputObservation] = []

    public init(eventID: Event.ID, dependency: CommentsViewModel.Dependency, navigator: any Navigator) {
        self.eventID = eventID
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = CommentsViewModel(eventID: eventID, dependency: dependency)
        observations = [
            viewModel.navigation.showLogin.observe { [weak self] in
                self?.navigator?.open(.login)
            },
            viewModel.navigation.showRoute.observe { [weak self] route in
                self?.navigator?.open(route)
            },
            viewModel.navigation.close.observe { [weak self] in
                self?.navigator?.dismiss()
            },
        ]
        return viewModel
    }
}
