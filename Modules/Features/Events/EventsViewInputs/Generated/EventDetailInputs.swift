// Made by Scripts/generate-inputs from `EventDetailViewModelInputs` in the Events library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Events

/// The inputs of `EventDetailViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
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
