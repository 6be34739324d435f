import AgoraArchitecture
import AgoraModels

/// Starts an event's detail and hands "show comments" to whichever feature owns that route.
@MainActor
public final class EventDetailCoordinator: Coordinator {
    private let eventID: Event.ID
    private let dependency: EventDetailViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private let console: any Console
    private var observation: Observation?

    public init(eventID: Event.ID, dependency: EventDetailViewModel.Dependency, navigator: any Navigator, console: any Console) {
        self.eventID = eventID
        self.dependency = dependency
        self.navigator = navigator
        self.console = console
    }

    public func start() -> any Screen {
        let viewModel = EventDetailViewModel(eventID: eventID, dependency: dependency)
        observation = viewModel.navigation.showComments.observe { [weak self] id in
            self?.navigator?.open(.eventComments(eventID: id))
        }
        return EventDetailScreen(viewModel: viewModel, console: console)
    }
}
