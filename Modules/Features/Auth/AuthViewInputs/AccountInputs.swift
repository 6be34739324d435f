import AgoraArchitecture
import Auth

/// The inputs of the account commands as both views send them: each view calls these, and each is
/// traced before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them
/// by name through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `AccountViewModelInputs`.
@MainActor
public final class AccountInputs: TracedInputs<any AccountViewModelInputs>, AccountViewModelInputs, InputDeclaring {
    public func loginTapped() { send { $0.loginTapped() } }
    public func accountTapped() { send { $0.accountTapped() } }
    public func logoutTapped() { send { $0.logoutTapped() } }

    public static var inputCatalog: [InputDescriptor<AccountInputs>] {
        [
            .input("loginTapped") { $0.loginTapped() },
            .input("accountTapped") { $0.accountTapped() },
            .input("logoutTapped") { $0.logoutTapped() },
        ]
    }
}
