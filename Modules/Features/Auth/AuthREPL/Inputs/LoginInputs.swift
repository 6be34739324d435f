import AgoraArchitecture
import Auth

/// The inputs of the login screen as the REPL sends them: its view calls these, `send` calls them
/// by name through the table, and each is traced before it reaches the ViewModel.
/// `Scripts/check-architecture` compares the table with `LoginViewModelInputs`.
@MainActor
final class LoginInputs: TracedInputs<any LoginViewModelInputs>, LoginViewModelInputs, InputDeclaring {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func emailChanged(_ email: String) { send(email) { $0.emailChanged(email) } }
    func passwordChanged(_ password: String) { send(HiddenArgument()) { $0.passwordChanged(password) } }
    func submitTapped() { send { $0.submitTapped() } }
    func codeChanged(_ code: String) { send(HiddenArgument()) { $0.codeChanged(code) } }
    func verifyTapped() { send { $0.verifyTapped() } }
    func resendCodeTapped() { send { $0.resendCodeTapped() } }
    func cancelTapped() { send { $0.cancelTapped() } }

    static var inputCatalog: [InputDescriptor<LoginInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("emailChanged", "email") { $0.emailChanged($1) },
            .input("passwordChanged", "password") { (inputs, password: SecretText) in inputs.passwordChanged(password.text) },
            .input("submitTapped") { $0.submitTapped() },
            .input("codeChanged", "code") { (inputs, code: SecretText) in inputs.codeChanged(code.text) },
            .input("verifyTapped") { $0.verifyTapped() },
            .input("resendCodeTapped") { $0.resendCodeTapped() },
            .input("cancelTapped") { $0.cancelTapped() },
        ]
    }
}
