// Made by Scripts/generate-inputs from `AccountViewModelInputs` in the Auth library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Auth

/// The inputs of `AccountViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
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
