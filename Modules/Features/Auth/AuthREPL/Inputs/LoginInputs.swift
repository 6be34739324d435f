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
            .input("viewDidLoad") { $0.viewDidLoad() }.sent(by: "the screen appearing"),
            .input("emailChanged", "email") { $0.emailChanged($1) }.sent(by: "`email <address>`"),
            .input("passwordChanged", "password") { (inputs, password: SecretText) in inputs.passwordChanged(password.text) }.sent(by: "`password`"),
            .input("submitTapped") { $0.submitTapped() }.sent(by: "`submit`"),
            .input("codeChanged", "code") { (inputs, code: SecretText) in inputs.codeChanged(code.text) }.sent(by: "`code`"),
            .input("verifyTapped") { $0.verifyTapped() }.sent(by: "`code`"),
            .input("resendCodeTapped") { $0.resendCodeTapped() }.sent(by: "`resend`"),
            .input("cancelTapped") { $0.cancelTapped() }.sent(by: "`cancel`"),
        ]
    }
}
