import AgoraArchitecture

/// The inputs of `EventDetailViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension EventDetailViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<EventDetailViewModel>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("refresh") { $0.refresh() },
            .input("commentsTapped") { $0.commentsTapped() },
            .input("rsvpTapped", "going") { $0.rsvpTapped(going: $1) },
        ]
    }
}
