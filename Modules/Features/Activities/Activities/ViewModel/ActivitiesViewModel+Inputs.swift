import AgoraArchitecture

/// The inputs of `ActivitiesViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension ActivitiesViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<ActivitiesViewModel>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("rowTapped", "row") { $0.rowTapped($1) },
            .input("loginTapped") { $0.loginTapped() },
        ]
    }
}
