import AgoraArchitecture

/// The inputs of `EventsListViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension EventsListViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<EventsListViewModel>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("rowTapped", "row") { $0.rowTapped($1) },
        ]
    }
}
