import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI
import Auth
import AuthViewInputs

/// The login form in the REPL: one command per field, then `submit`; `code` for the second step.
@MainActor
final class LoginScreen: Screen {
    private let viewModel: any LoginViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: LoginInputs
    private let console: any Console
    private var observations: [OutputObservation] = []

    init(viewModel: any LoginViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = LoginInputs(viewModel.inputs)
        self.console = console
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { Self.inputSenders }

    private static let inputSenders = InputSenders.screen.merging([
        "emailChanged": "`email <address>`", "passwordChanged": "`password`", "submitTapped": "`submit`", "codeChanged": "`code`",
        "verifyTapped": "`code`", "resendCodeTapped": "`resend`", "cancelTapped": "`cancel`",
    ]) { $1 }

    /// The form's commands; the plugin reads which of them take secrets.
    static let commands = [
        ScreenCommand(
            "email", arguments: "<address>", example: "email alice@agora.example", summary: "Set the email address, e.g. `email alice@agora.example`."),
        // The value may be left out on a terminal: the REPL then asks for it with echo off.
        ScreenCommand(
            "password", arguments: "[password]",
            summary: "Set the password; typed alone on a terminal, it is asked for hidden. Never kept in history.",
            arity: 0...1, hidesArguments: true
        ),
        ScreenCommand("submit", summary: "Log in with the email and password."),
        ScreenCommand(
            "code", arguments: "[digits]",
            summary: "Send the 6-digit code of the second step, e.g. `code 123456`; alone, it is asked for hidden.",
            arity: 0...1, hidesArguments: true
        ),
        ScreenCommand("resend", summary: "Send the second step's code again."),
        ScreenCommand("cancel", summary: "Stop logging in and go back."),
    ]

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.step.observe { [weak self] step in self?.show(step) },
            outputs.isFormValid.observe { [weak self] isValid in
                if isValid { self?.console.print("Ready: type `submit` to log in.") }
            },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showMessage.observe { [weak self] message in self?.console.print(message) },
            outputs.showNoCodeAskedFor.observe { [weak self] in
                self?.console.error("No code was asked for; submit your email and password first.")
            },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        show(viewModel.outputs.step.value)
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        // Reached without a value only when no terminal could ask for it hidden.
        if ["password", "code"].contains(command), arguments.isEmpty {
            throw CommandError("`\(command)` needs its value on the line here (no terminal to ask it hidden): type `\(command) <value>`.")
        }
        switch command {
        case "email": inputs.emailChanged(arguments[0])
        case "password": inputs.passwordChanged(arguments[0])
        case "submit": inputs.submitTapped()
        case "code":
            guard case .twoFactor = viewModel.outputs.step.value else {
                throw CommandError("No code was asked for: log in with `email`, `password` and `submit` first.")
            }
            inputs.codeChanged(arguments[0])
            inputs.verifyTapped()
        case "resend": inputs.resendCodeTapped()
        case "cancel":
            console.print("Login cancelled.")
            inputs.cancelTapped()
        default: throw CommandError("The login screen has no command '\(command)'.")
        }
    }

    private func show(_ step: LoginStep) {
        switch step {
        case .credentials:
            console.print("Log in to Agora: `email <address>`, `password` (asked for hidden), then `submit` (`cancel` to go back).")
        case .twoFactor(let destination):
            console.print("This account needs a second step: type `code <digits>` with the 6-digit code sent to \(destination) (`resend` for a new one).")
        }
    }
}
