import AgoraArchitecture
import AgoraModels

/// Starts an event's detail and hands "show comments" and "log in" to whichever feature owns
/// those routes.
@MainActor
public final class EventDetailCoordinator: Coordinator {
    private let eventID: Event.ID
    private let dependency: EventDetailViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observations: [OutputObservation] = []

    public init(eventID: Event.ID, dependency: EventDetailViewModel.Dependency, navigator: any Navigator) {
        self.eventID = eventID
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = EventDetailViewModel(eventID: eventID, dependency: dependency)
        observations = [
            viewModel.navigation.showComments.observe { [weak self] id in
                self?.navigator?.open(.eventComments(eventID: id))
            },
            viewModel.navigation.showLogin.observe { [weak self] in
                self?.navigator?.open(.login)
            },
            viewModel.navigation.close.observe { [weak self] in
                self?.navigator?.dismiss()
            },
        ]
        return viewModel
    }
}
