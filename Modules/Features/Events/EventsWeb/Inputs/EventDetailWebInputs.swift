import AgoraArchitecture
import Events

/// The inputs of an event's page as it sends them, each traced before it reaches the ViewModel.
@MainActor
final class EventDetailWebInputs: TracedInputs<any EventDetailViewModelInputs>, EventDetailViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func viewDidReappear() { send { $0.viewDidReappear() } }
    func refresh() { send { $0.refresh() } }
    func commentsTapped() { send { $0.commentsTapped() } }
    func rsvpTapped(going: Bool) { send(going) { $0.rsvpTapped(going: going) } }
}
