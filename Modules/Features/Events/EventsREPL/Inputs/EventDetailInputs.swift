import AgoraArchitecture
import Events

/// The inputs of an event's screen as the REPL sends them: its view calls these, `send` calls them
/// by name through the table, and each is traced before it reaches the ViewModel.
/// `Scripts/check-architecture` compares the table with `EventDetailViewModelInputs`.
@MainActor
final class EventDetailInputs: TracedInputs<any EventDetailViewModelInputs>, EventDetailViewModelInputs, InputDeclaring {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func viewDidReappear() { send { $0.viewDidReappear() } }
    func refresh() { send { $0.refresh() } }
    func commentsTapped() { send { $0.commentsTapped() } }
    func rsvpTapped(going: Bool) { send(going) { $0.rsvpTapped(going: going) } }

    static var inputCatalog: [InputDescriptor<EventDetailInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() }.sent(by: "the screen appearing"),
            .input("viewDidReappear") { $0.viewDidReappear() }.sent(by: "`back` to this screen"),
            .input("refresh") { $0.refresh() }.sent(by: "`refresh`"),
            .input("commentsTapped") { $0.commentsTapped() }.sent(by: "`comments`"),
            .input("rsvpTapped", "going") { $0.rsvpTapped(going: $1) }.sent(by: "`rsvp yes|no`"),
        ]
    }
}
