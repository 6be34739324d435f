import AgoraArchitecture
import AgoraTerminalUI
import Auth

/// `login`, `logout` and `whoami`: the account commands every screen has, over one
/// ``AccountViewModel``.
@MainActor
final class AccountCommands {
    private let viewModel: AccountViewModel
    /// The ViewModel's inputs, sent traced.
    private let inputs: AccountInputs
    private weak var navigator: (any Navigator)?
    private let console: any Console
    private var observation: OutputObservation?
    /// The demo account `help login` offers, only where there is one (OSS mode).
    private let demoLogin: String?

    init(dependency: AccountViewModel.Dependency, navigator: any Navigator, console: any Console, demoLogin: String?) {
        self.demoLogin = demoLogin
        viewModel = AccountViewModel(dependency: dependency)
        inputs = AccountInputs(viewModel.inputs)
        self.navigator = navigator
        self.console = console
        observation = viewModel.outputs.showMessage.observe { [console] message in console.print(message) }
    }

    var all: [FeatureCommand] {
        // The commands own this object: it lives as long as the REPL keeps them.
        [
            FeatureCommand(ScreenCommand("login", summary: "Log in" + (demoLogin.map { " (demo: \($0))." } ?? "."))) { _ throws(CommandError) in
                if let user = self.viewModel.outputs.user.value {
                    throw CommandError("already logged in as \(user); `logout` first to change user")
                }
                self.navigator?.open(.login)
            },
            FeatureCommand(ScreenCommand("logout", summary: "Log out and forget the saved session.")) { _ throws(CommandError) in
                self.inputs.logoutTapped()
                await self.viewModel.work.waitUntilIdle()
            },
            FeatureCommand(ScreenCommand("whoami", summary: "Show who is logged in.")) { _ throws(CommandError) in
                self.inputs.whoamiTapped()
            },
        ]
    }
}
