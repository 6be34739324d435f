import AgoraArchitecture
import Auth

/// The inputs of the login screen as both views send them: each view calls these, and each is traced
/// before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them by name
/// through the table, which also says what sends each in the REPL.
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
