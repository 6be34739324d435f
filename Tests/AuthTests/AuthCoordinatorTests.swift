import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import Auth
@testable import AuthREPL

@MainActor
@Suite("Auth coordinator, screen and plugin")
struct AuthCoordinatorTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    let sessions = SessionStore.test()

    @Test("given the login screen, when the login succeeds, then the coordinator closes it, back to where the user was")
    func successGoesBack() async throws {
        let coordinator = LoginCoordinator(dependency: .init(authenticator: AuthenticatorSpy(), sessions: sessions), navigator: navigator)
        let screen = try AuthScreens().show(coordinator.start(), on: console)
        screen.appear()

        try screen.perform("email", arguments: ["alice@agora.example"])
        try screen.perform("password", arguments: ["agora-demo"])
        try screen.perform("submit", arguments: [])
        await screen.work.waitUntilIdle()

        #expect(navigator.dismissCount == 1)
        #expect(sessions.user?.name == "Alice Martin")
        #expect(console.lines.contains("Logged in as Alice Martin."))
    }

    @Test("given the account, when its ViewModel asks for the login, then its coordinator opens the login screen")
    func accountOpensLogin() {
        let coordinator = AccountCoordinator(dependency: .init(authenticator: AuthenticatorSpy(), sessions: sessions), navigator: navigator)
        let viewModel = coordinator.startAccount()

        viewModel.inputs.loginTapped()

        #expect(navigator.opened == [.login])
    }

    @Test("given the login screen, when cancelled, then the coordinator closes it and no session begins")
    func cancelGoesBack() throws {
        let coordinator = LoginCoordinator(dependency: .init(authenticator: AuthenticatorSpy(), sessions: sessions), navigator: navigator)
        let screen = try AuthScreens().show(coordinator.start(), on: console)
        screen.appear()

        try screen.perform("cancel", arguments: [])

        #expect(navigator.dismissCount == 1)
        #expect(sessions.user == nil)
    }

    @Test("given no challenge, when `code` is typed, then the screen refuses it naming the step to do first")
    func codeBeforeChallenge() throws {
        let coordinator = LoginCoordinator(dependency: .init(authenticator: AuthenticatorSpy(), sessions: sessions), navigator: navigator)
        let screen = try AuthScreens().show(coordinator.start(), on: console)
        screen.appear()

        #expect(throws: CommandError("No code was asked for: log in with `email`, `password` and `submit` first.")) {
            try screen.perform("code", arguments: ["424242"])
        }
    }

    @Test("the password and code commands hide their arguments from history")
    func secretCommands() throws {
        let coordinator = LoginCoordinator(dependency: .init(authenticator: AuthenticatorSpy(), sessions: sessions), navigator: navigator)
        let screen = try AuthScreens().show(coordinator.start(), on: console)
        let hidden = screen.commands.filter(\.hidesArguments).map(\.name)
        #expect(hidden == ["password", "code"])
    }

    @Test("the plugin owns the login route only")
    func pluginRoutes() {
        let plugin = AuthPlugin()
        #expect(plugin.handles(.login))
        #expect(!plugin.handles(Route(path: "events")))
        #expect(!plugin.handles(Route(path: "activities")))
        #expect(!plugin.handles(.eventComments(eventID: 1)))
    }
}
