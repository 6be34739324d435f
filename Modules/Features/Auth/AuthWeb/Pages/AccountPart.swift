import AgoraArchitecture
import AgoraWebUI
import Auth
import AuthViewInputs

/// Who is logged in, on every page: the member's name and a logout button, or a login link.
/// Over one account ViewModel started by its coordinator, as the REPL's account commands.
@MainActor
final class AccountPart {
    private let coordinator: AccountCoordinator
    private let viewModel: any AccountViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: AccountInputs
    private let messages = WebMessages()
    private var observations: [OutputObservation] = []

    init(dependency: AccountViewModel.Dependency, navigator: any Navigator) {
        coordinator = AccountCoordinator(dependency: dependency, navigator: navigator)
        viewModel = coordinator.startAccount()
        inputs = AccountInputs(viewModel.inputs)
        observations = [
            viewModel.outputs.showMessage.observe { [messages] message in messages.notice(message) },
            viewModel.outputs.showAlreadyLoggedIn.observe { [messages] user in
                messages.error("Already logged in as \(user.name) <\(user.email)>; log out first to change user.")
            },
        ]
    }

    /// The header line, the `logout` action and the messages, for the app. They keep this
    /// object alive as long as the session keeps them.
    var parts: FeatureWebParts {
        FeatureWebParts(
            header: { page in self.header(page) },
            actions: [
                "logout": {
                    self.inputs.logoutTapped()
                    return self.viewModel.work
                }
            ],
            messages: messages)
    }

    /// The member's menu: their initial and name, which open who is logged in, the places that
    /// are theirs (``WebPageContext/accountMenu``: their events) and Log out (a disclosure, so it
    /// opens without script and keeps the header one row on a phone, where only the initial
    /// shows); logged out, a Log in button (but on the login page).
    private func header(_ page: WebPageContext) -> HTML {
        guard let line = viewModel.outputs.user.value else {
            // On the login page itself, the link would lead where the reader is.
            guard page.path != "/login" else { return .empty }
            return .element("div", ["class": "account"], [.element("a", ["class": "button primary", "href": "/login"], [.text("Log in")])])
        }
        let name = Self.name(in: line)
        return .element(
            "details", ["class": "account"],
            [
                .element(
                    "summary", ["aria-label": "Account: \(name)"],
                    [
                        .element("span", ["class": "avatar", "aria-hidden": "true"], [.text(String(name.prefix(1)).uppercased())]),
                        .element("span", ["class": "name", "aria-hidden": "true"], [.text(name)]),
                    ]),
                .element(
                    "div", ["class": "menu"],
                    [
                        .element("p", [.text("Logged in as \(line)")]),
                        page.accountMenu.isEmpty ? .empty : .element("nav", ["aria-label": "Your account"], page.accountMenu.map(\.html)),
                        page.form(
                            posting: "/logout",
                            [
                                .element("input", ["type": "hidden", "name": "from", "value": page.path]),
                                WebPageContext.button("logout", label: "Log out", look: .quiet),
                            ]),
                    ]),
            ])
    }

    /// The name in the ViewModel's account line ("Alice Martin <alice@agora.example>"): the
    /// header shows the name, and the whole line on hover. An address holds no " <", so the
    /// last one starts it.
    private static func name(in line: String) -> String {
        guard line.hasSuffix(">"), let start = line.range(of: " <", options: .backwards) else { return line }
        return String(line[..<start.lowerBound])
    }
}
