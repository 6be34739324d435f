import AgoraArchitecture
import AgoraTerminalUI
import Auth
import AuthViewInputs

/// `login`, `logout` and `whoami`: the account commands every screen has, over one account
/// ViewModel started by its ``AccountCoordinator``.
@MainActor
final class AccountCommands {
    private let coordinator: AccountCoordinator
    private let viewModel: any AccountViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: AccountInputs
    private var observations: [OutputObservation] = []
    /// Who is logged in, for `whoami`'s record.
    private let sessions: SessionStore
    private let console: any Console
    /// The demo account `help login` offers, only where there is one (OSS mode).
    private let demoLogin: String?

    init(dependency: AccountViewModel.Dependency, navigator: any Navigator, console: any Console, demoLogin: String?) {
        self.demoLogin = demoLogin
        sessions = dependency.sessions
        self.console = console
        coordinator = AccountCoordinator(dependency: dependency, navigator: navigator)
        viewModel = coordinator.startAccount()
        inputs = AccountInputs(viewModel.inputs)
        observations = [
            viewModel.outputs.showMessage.observe { [console] message in console.print(message) },
            viewModel.outputs.showAlreadyLoggedIn.observe { [console] user in
                console.error("Already logged in as \(user.name) <\(user.email)>; `logout` first to change user.")
            },
        ]
    }

    /// `whoami` for a program: `loggedIn`, `name` and `email` (`null` when logged out).
    private var userRecord: TableRecord {
        let user = sessions.user
        return TableRecord(
            title: user?.name ?? "Not logged in",
            fields: [
                .init("loggedIn", .flag(user != nil)), .init("name", user.map { .text($0.name) } ?? .absent),
                .init("email", user.map { .text($0.email) } ?? .absent),
            ]
        )
    }

    var all: [FeatureCommand] {
        // The commands own this object: it lives as long as the REPL keeps them.
        [
            FeatureCommand(ScreenCommand("login", summary: "Log in" + (demoLogin.map { " (demo: \($0))." } ?? "."))) { _ throws(CommandError) in
                self.inputs.loginTapped()
            },
            FeatureCommand(ScreenCommand("logout", summary: "Log out and forget the saved session.")) { _ throws(CommandError) in
                self.inputs.logoutTapped()
                await self.viewModel.work.waitUntilIdle()
            },
            FeatureCommand(ScreenCommand("whoami", summary: "Show who is logged in.")) { _ throws(CommandError) in
                // For a program, the user as data beside the sentence the ViewModel says.
                _ = self.console.showRecord(self.userRecord)
                self.inputs.accountTapped()
            },
        ]
    }
}
