import AgoraArchitecture
import Auth

/// The inputs of the login page as it sends them, each traced (secrets hidden) before it
/// reaches the ViewModel.
@MainActor
final class LoginWebInputs: TracedInputs<any LoginViewModelInputs>, LoginViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func emailChanged(_ email: String) { send(email) { $0.emailChanged(email) } }
    func passwordChanged(_ password: String) { send(HiddenArgument()) { $0.passwordChanged(password) } }
    func submitTapped() { send { $0.submitTapped() } }
    func codeChanged(_ code: String) { send(HiddenArgument()) { $0.codeChanged(code) } }
    func verifyTapped() { send { $0.verifyTapped() } }
    func resendCodeTapped() { send { $0.resendCodeTapped() } }
    func cancelTapped() { send { $0.cancelTapped() } }
}
