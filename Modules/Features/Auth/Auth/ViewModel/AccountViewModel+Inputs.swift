import AgoraArchitecture

/// The inputs of `AccountViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension AccountViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<AccountViewModel>] {
        [
            .input("whoamiTapped") { $0.whoamiTapped() },
            .input("logoutTapped") { $0.logoutTapped() },
        ]
    }
}
