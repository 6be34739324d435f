import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Auth

@MainActor
@Suite("Account ViewModel: whoami and logout")
struct AccountViewModelTests {
    let authenticator = AuthenticatorSpy()

    func makeViewModel(_ sessions: SessionStore) -> AccountViewModel {
        AccountViewModel(dependency: .init(authenticator: authenticator, sessions: sessions))
    }

    @Test("given Alice is logged in, when whoami is tapped, then it names her")
    func whoamiLoggedIn() {
        let viewModel = makeViewModel(.test(.demo()))
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.accountTapped()

        messages.assertValues(["Logged in as Alice Martin <alice@agora.example>."])
    }

    @Test("given Alice is logged in, when login is tapped, then no login is asked for and the view is told who is logged in")
    func loginWhileLoggedIn() {
        let viewModel = makeViewModel(.test(.demo()))
        let alreadyLoggedIn = Recorder(viewModel.outputs.showAlreadyLoggedIn)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        viewModel.inputs.loginTapped()

        alreadyLoggedIn.assertValues([MockData.alice])
        showLogin.assertDidNotEmitValue()
    }

    @Test("given no session, when login is tapped, then the login screen is asked for")
    func loginWhileLoggedOut() {
        let viewModel = makeViewModel(.test())
        let alreadyLoggedIn = Recorder(viewModel.outputs.showAlreadyLoggedIn)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        viewModel.inputs.loginTapped()

        showLogin.assertValueCount(1)
        alreadyLoggedIn.assertDidNotEmitValue()
    }

    @Test("given no session, when whoami is tapped, then it says so")
    func whoamiLoggedOut() {
        let viewModel = makeViewModel(.test())
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.accountTapped()

        messages.assertValues(["Not logged in."])
    }

    @Test("given a session, when the user logs in or out elsewhere, then user follows the session store")
    func userFollowsSessions() {
        let sessions = SessionStore.test()
        let viewModel = makeViewModel(sessions)
        let user = Recorder(viewModel.outputs.user)

        sessions.begin(.demo(MockData.bob))
        sessions.end()

        user.assertValues([nil, "Bob Okafor <bob@agora.example>", nil])
    }

    @Test("given Alice is logged in, when logout is tapped, then the server is told, the session ends and the saved one is gone")
    func logout() async {
        let persistence = InMemorySessionPersistence(.demo())
        let sessions = SessionStore(persistence: persistence)
        let viewModel = makeViewModel(sessions)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.logoutTapped()
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Logged out."])
        #expect(sessions.user == nil)
        #expect(persistence.load() == nil)
        #expect(authenticator.requests == ["logout"])
        #expect(throws: ServiceError.unauthorized) {
            try authenticator.service.mock.backend.user(for: Session.demo().token)
        }
    }

    @Test("given the server is unreachable, when logout is tapped, then the session still ends here and the user is told")
    func logoutOffline() async {
        authenticator.plan.fail(request: 0, with: .offline)
        let sessions = SessionStore.test(.demo())
        let viewModel = makeViewModel(sessions)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.logoutTapped()
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Logged out here; the server could not be told (\(ServiceError.offline.description))"])
        #expect(sessions.user == nil)
    }

    @Test(
        "given Alice is logged in and the server may or may not be reached, when logout is tapped, then what was kept for her is cleared before the logout says it is done",
        arguments: [nil, ServiceError.offline, .timeout, .unauthorized])
    func logoutClearsUserData(_ failure: ServiceError?) async {
        if let failure { authenticator.plan.fail(request: 0, with: failure) }
        let sessions = SessionStore.test(.demo())
        let cleared = ClearedUsers()
        sessions.clearOnEnd { user in
            // The clearing waits for a cache write, as the app's does.
            await Task.yield()
            cleared.users.append(user)
        }
        let viewModel = makeViewModel(sessions)
        let clearedWhenDone = ClearedUsers()
        let observation = viewModel.outputs.showMessage.observe { _ in clearedWhenDone.users += cleared.users }

        viewModel.inputs.logoutTapped()
        await viewModel.work.waitUntilIdle()

        #expect(clearedWhenDone.users == [Session.demo().user])
        observation.cancel()
    }
    @Test("given no session, when logout is tapped, then nothing is requested")
    func logoutLoggedOut() async {
        let viewModel = makeViewModel(.test())
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.logoutTapped()
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Not logged in, so there is nothing to log out of."])
        #expect(authenticator.requests.isEmpty)
    }
}

/// The users whose data a clearer was asked to clear, in order.
@MainActor
private final class ClearedUsers {
    var users: [User] = []
}
