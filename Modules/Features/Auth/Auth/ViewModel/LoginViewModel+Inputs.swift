import AgoraArchitecture

/// The inputs of `LoginViewModelInputs`, declared for the REPL's `inputs` and `send`;
/// `Scripts/check-architecture` compares this table with the protocol.
extension LoginViewModel: InputDeclaring {
    public static var inputCatalog: [InputDescriptor<LoginViewModel>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("emailChanged", "email") { $0.emailChanged($1) },
            .input("passwordChanged", "password") { (viewModel, password: SecretText) in viewModel.passwordChanged(password.text) },
            .input("submitTapped") { $0.submitTapped() },
            .input("codeChanged", "code") { (viewModel, code: SecretText) in viewModel.codeChanged(code.text) },
            .input("verifyTapped") { $0.verifyTapped() },
            .input("resendCodeTapped") { $0.resendCodeTapped() },
            .input("cancelTapped") { $0.cancelTapped() },
        ]
    }
}
