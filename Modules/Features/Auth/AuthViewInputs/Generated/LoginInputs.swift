// Made by Scripts/generate-inputs from `LoginViewModelInputs` in the Auth library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Auth

/// The inputs of `LoginViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
@MainActor
public final class LoginInputs: TracedInputs<any LoginViewModelInputs>, LoginViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func emailChanged(_ email: String) { send(email) { $0.emailChanged(email) } }
    public func passwordChanged(_ password: SecretString) { send(HiddenArgument()) { $0.passwordChanged(password) } }
    public func submitTapped() { send { $0.submitTapped() } }
    public func codeChanged(_ code: SecretString) { send(HiddenArgument()) { $0.codeChanged(code) } }
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
