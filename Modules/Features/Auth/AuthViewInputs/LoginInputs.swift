import AgoraArchitecture
import Auth

/// The inputs of the login screen as both views send them: each view calls these, and each is traced
/// before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them by name
/// through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `LoginViewModelInputs`.
@MainActor
public final class LoginInputs: TracedInputs<any LoginViewModelInputs>, LoginViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func emailChanged(_ email: String) { send(email) { $0.emailChanged(email) } }
    public func passwordChanged(_ password: String) { send(HiddenArgument()) { $0.passwordChanged(password) } }
    public func submitTapped() { send { $0.submitTapped() } }
    public func codeChanged(_ code: String) { send(HiddenArgument()) { $0.codeChanged(code) } }
    public func verifyTapped() { send { $0.verifyTapped() } }
    public func resendCodeTapped() { send { $0.resendCodeTapped() } }
    public func cancelTapped() { send { $0.cancelTapped() } }

    public static var inputCatalog: [InputDescriptor<LoginInputs>] {
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
