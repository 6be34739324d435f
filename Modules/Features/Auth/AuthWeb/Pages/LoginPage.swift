import AgoraArchitecture
import AgoraWebUI
import Auth
import AuthViewInputs

/// The login as a page: email and password, then the two-factor code when the account has a
/// second step. A login finished closes it, and the page that asked for it comes back with its
/// action done.
@MainActor
final class LoginPage: WebScreen {
    private let viewModel: any LoginViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: LoginInputs
    private let messages = WebMessages()
    private var observations: [OutputObservation] = []
    /// The address last posted, shown again in the form after a refusal; never the password.
    private var email = ""

    init(viewModel: any LoginViewModelType) {
        self.viewModel = viewModel
        inputs = LoginInputs(viewModel.inputs)
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    let title = "Log in"

    var defaultAction: String? {
        if case .twoFactor = viewModel.outputs.step.value { return "code" }
        return "login"
    }

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.showError.observe { [messages] message in messages.error(message) },
            outputs.showMessage.observe { [messages] message in messages.notice(message) },
            outputs.showNoCodeAskedFor.observe { [messages] in
                messages.error("No code was asked for: log in with your email and password first.")
            },
        ]
        inputs.viewDidLoad()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        var parts = messages.take()
        switch viewModel.outputs.step.value {
        case .credentials:
            parts.append(.element("p", [.text("Log in to Agora with your email and password.")]))
            parts.append(
                page.form(
                    posting: page.path,
                    [
                        WebPageContext.field("email", label: "Email", type: "email", value: email, autocomplete: "email"),
                        WebPageContext.field("password", label: "Password", type: "password", autocomplete: "current-password"),
                        WebPageContext.actions([WebPageContext.button("login", label: "Log in", look: .primary)]),
                    ]))
            parts.append(WebPageContext.actions([page.button("cancel", label: "Cancel", look: .quiet)]))
        case .twoFactor(let destination):
            parts.append(.element("p", [.text("This account needs a second step: the 6-digit code sent to \(destination).")]))
            parts.append(
                page.form(
                    posting: "\(page.path)/code",
                    [
                        WebPageContext.field("code", label: "Code", autocomplete: "one-time-code", inputMode: "numeric"),
                        WebPageContext.actions([WebPageContext.button("code", label: "Verify", look: .primary)]),
                    ]))
            parts.append(
                WebPageContext.actions([page.button("resend", label: "Send the code again"), page.button("cancel", label: "Cancel", look: .quiet)]))
        }
        return parts
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        switch action.name {
        case "login":
            email = action.fields["email"] ?? ""
            inputs.emailChanged(email)
            inputs.passwordChanged(action.fields["password"] ?? "")
            inputs.submitTapped()
        case "code":
            guard case .twoFactor = viewModel.outputs.step.value else {
                throw WebActionError("No code was asked for: log in with your email and password first.")
            }
            inputs.codeChanged(action.fields["code"] ?? "")
            inputs.verifyTapped()
        case "resend":
            inputs.resendCodeTapped()
        case "cancel":
            inputs.cancelTapped()
        default:
            throw .unknown(action, on: "The login page", known: ["login", "code", "resend", "cancel"])
        }
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        [viewModel.outputs.step.observe { _ in changed() }]
    }
}
