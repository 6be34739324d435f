import AgoraArchitecture
import Auth

/// The inputs of the account commands as the REPL sends them: its view calls these, `send` calls
/// them by name through the table, and each is traced before it reaches the ViewModel.
/// `Scripts/check-architecture` compares the table with `AccountViewModelInputs`.
@MainActor
final class AccountInputs: TracedInputs<any AccountViewModelInputs>, AccountViewModelInputs, InputDeclaring {
    func loginTapped() { send { $0.loginTapped() } }
    func accountTapped() { send { $0.accountTapped() } }
    func logoutTapped() { send { $0.logoutTapped() } }

    static var inputCatalog: [InputDescriptor<AccountInputs>] {
        [
            .input("loginTapped") { $0.loginTapped() }.sent(by: "`login`"),
            .input("accountTapped") { $0.accountTapped() }.sent(by: "`whoami`"),
            .input("logoutTapped") { $0.logoutTapped() }.sent(by: "`logout`"),
        ]
    }
}
