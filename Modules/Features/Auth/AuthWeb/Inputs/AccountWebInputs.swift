import AgoraArchitecture
import Auth

/// The inputs of the account part of every page, each traced before it reaches the ViewModel.
@MainActor
final class AccountWebInputs: TracedInputs<any AccountViewModelInputs>, AccountViewModelInputs {
    func loginTapped() { send { $0.loginTapped() } }
    func accountTapped() { send { $0.accountTapped() } }
    func logoutTapped() { send { $0.logoutTapped() } }
}
