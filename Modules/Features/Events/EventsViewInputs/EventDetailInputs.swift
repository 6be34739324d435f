import AgoraArchitecture
import Events

/// The inputs of an event's screen as both views send them: each view calls these, and each is traced
/// before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them by name
/// through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `EventDetailViewModelInputs`.
@MainActor
public final class EventDetailInputs: TracedInputs<any EventDetailViewModelInputs>, EventDetailViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func viewDidReappear() { send { $0.viewDidReappear() } }
    public func refresh() { send { $0.refresh() } }
    public func commentsTapped() { send { $0.commentsTapped() } }
    public func rsvpTapped(going: Bool) { send(going) { $0.rsvpTapped(going: going) } }

    public static var inputCatalog: [InputDescriptor<EventDetailInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("refresh") { $0.refresh() },
            .input("commentsTapped") { $0.commentsTapped() },
            .input("rsvpTapped", "going") { $0.rsvpTapped(going: $1) },
        ]
    }
}
