import AgoraArchitecture
import AgoraModels

/// Starts an event's detail and hands "show comments" and "log in" to whichever feature owns
/// those routes.
@MainActor
public final class EventDetailCoordinator: Coordinator {
    private let eventID: Event.ID
    private let dependency: EventDetailViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private let console: any Console
    private var observations: [OutputObservation] = []

    public init(eventID: Event.ID, dependency: EventDetailViewModel.Dependency, navigator: any Navigator, console: any Console) {
        self.eventID = eventID
        self.dependency = dependency
        self.navigator = navigator
        self.console = console
    }

    public func start() -> any Screen {
        let viewModel = EventDetailViewModel(eventID: eventID, dependency: dependency)
        observations = [
            viewModel.navigation.showComments.observe { [weak self] id in
                self?.navigator?.open(.eventComments(eventID: id))
            },
            viewModel.navigation.showLogin.observe { [weak self] in
                self?.navigator?.open(.login)
            },
        ]
        return EventDetailScreen(viewModel: viewModel, console: console)
    }
}
