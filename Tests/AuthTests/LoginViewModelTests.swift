import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Foundation
import Testing

@testable import Auth

@MainActor
@Suite("Login ViewModel")
struct LoginViewModelTests {
    let authenticator = AuthenticatorSpy()
    let sessions = SessionStore.test()
    let viewModel: LoginViewModel

    init() {
        viewModel = LoginViewModel(dependency: .init(authenticator: authenticator, sessions: sessions))
    }

    private func fill(email: String = "alice@agora.example", password: String = MockData.demoPassword) {
        viewModel.inputs.viewDidLoad()
        viewModel.inputs.emailChanged(email)
        viewModel.inputs.passwordChanged(password)
    }

    @Test("given a new form, when it loads, then it cannot be sent and asks for the email")
    func viewDidLoad() {
        let isValid = Recorder(viewModel.outputs.isFormValid)
        let hint = Recorder(viewModel.outputs.formHint)

        viewModel.inputs.viewDidLoad()

        isValid.assertValues([false])
        hint.assertValues([nil, "Enter your email address."])
        #expect(viewModel.outputs.step.value == .credentials)
    }

    @Test("given a login in flight, when its work is cancelled (Ctrl-C), then no session begins and nothing says logged in, even though the server answered")
    func cancelledLoginDoesNotLogIn() async {
        let gate = authenticator.plan.hold(request: 0)
        let succeeded = Recorder(viewModel.navigation.loginSucceeded)
        let messages = Recorder(viewModel.outputs.showMessage)
        fill()
        viewModel.inputs.submitTapped()

        viewModel.work.cancelAll()
        gate.open()
        await viewModel.work.waitUntilIdle()

        #expect(authenticator.requests == ["login alice@agora.example"])
        #expect(sessions.user == nil)
        succeeded.assertDidNotEmitValue()
        messages.assertDidNotEmitValue()
        #expect(viewModel.outputs.isLoading.value == false)
    }

    @Test("given the form, when the email and then the password change, then validity and the hint follow each field")
    func emailAndPasswordChanged() {
        let isValid = Recorder(viewModel.outputs.isFormValid)
        let hint = Recorder(viewModel.outputs.formHint)
        viewModel.inputs.viewDidLoad()

        viewModel.inputs.emailChanged("alice")
        viewModel.inputs.emailChanged("alice@agora.example")
        viewModel.inputs.passwordChanged("x")
        viewModel.inputs.passwordChanged("")

        isValid.assertValues([false, true, false])
        hint.assertValues([
            nil,
            "Enter your email address.",
            "'alice' is not an email address; expected one like alice@agora.example.",
            "Enter your password.",
            nil,
            "Enter your password.",
        ])
    }

    @Test("given an incomplete form, when submitted, then the first problem is shown and no request is made")
    func submitIncomplete() async {
        let errors = Recorder(viewModel.outputs.showError)
        viewModel.inputs.viewDidLoad()
        viewModel.inputs.emailChanged("alice@agora.example")

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["Enter your password."])
        #expect(authenticator.requests.isEmpty)
    }

    @Test("given Alice's right password, when submitted, then loading, the session begins and the login succeeds")
    func submitLogsIn() async {
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let succeeded = Recorder(viewModel.navigation.loginSucceeded)
        let messages = Recorder(viewModel.outputs.showMessage)
        fill()

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        isLoading.assertValues([false, true, false])
        succeeded.assertValues([MockData.alice])
        messages.assertValues(["Logged in as Alice Martin."])
        #expect(sessions.user == MockData.alice)
        #expect(authenticator.requests == ["login alice@agora.example"])
    }

    @Test("given a wrong password, when submitted, then the error is shown, no session begins and the form stays")
    func wrongPassword() async {
        let errors = Recorder(viewModel.outputs.showError)
        let succeeded = Recorder(viewModel.navigation.loginSucceeded)
        fill(password: "wrong")

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["Wrong email or password."])
        succeeded.assertDidNotEmitValue()
        #expect(sessions.user == nil)
        #expect(viewModel.outputs.isFormValid.value)
    }

    @Test("given Bob's account, when submitted, then the second step asks for the code sent to his masked address")
    func twoFactorChallenge() async {
        let step = Recorder(viewModel.outputs.step)
        let succeeded = Recorder(viewModel.navigation.loginSucceeded)
        fill(email: "bob@agora.example")

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        step.assertValues([.credentials, .twoFactor(destination: "b••@agora.example")])
        succeeded.assertDidNotEmitValue()
        #expect(sessions.user == nil)
    }

    @Test("given the second step, when the code changes, then its validity follows six digits")
    func codeChanged() {
        let isCodeValid = Recorder(viewModel.outputs.isCodeValid)

        viewModel.inputs.codeChanged("4242")
        viewModel.inputs.codeChanged("424 242")
        viewModel.inputs.codeChanged("42424x")

        isCodeValid.assertValues([false, true, false])
    }

    @Test("given Bob's challenge, when the right code is sent, then he is logged in")
    func verifyRightCode() async {
        fill(email: "bob@agora.example")
        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()
        let succeeded = Recorder(viewModel.navigation.loginSucceeded)

        viewModel.inputs.codeChanged(MockData.twoFactorCode)
        viewModel.inputs.verifyTapped()
        await viewModel.work.waitUntilIdle()

        succeeded.assertValues([MockData.bob])
        #expect(sessions.user == MockData.bob)
        #expect(authenticator.requests == ["login bob@agora.example", "verify 424242"])
    }

    @Test("given Bob's challenge, when a wrong code is sent, then the error is shown and a right one still works")
    func verifyWrongCode() async {
        fill(email: "bob@agora.example")
        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.codeChanged("111111")
        viewModel.inputs.verifyTapped()
        await viewModel.work.waitUntilIdle()
        errors.assertValues(["The code is wrong or has expired."])
        #expect(sessions.user == nil)

        viewModel.inputs.codeChanged(MockData.twoFactorCode)
        viewModel.inputs.verifyTapped()
        await viewModel.work.waitUntilIdle()
        #expect(sessions.user == MockData.bob)
    }

    @Test("given a malformed code or no challenge, when verify is tapped, then it says why and makes no request")
    func verifyRefused() async {
        let errors = Recorder(viewModel.outputs.showError)
        let noCode = Recorder(viewModel.outputs.showNoCodeAskedFor)

        viewModel.inputs.verifyTapped()
        fill(email: "bob@agora.example")
        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()
        viewModel.inputs.codeChanged("12")
        viewModel.inputs.verifyTapped()
        await viewModel.work.waitUntilIdle()

        noCode.assertValueCount(1)
        errors.assertValues(["The code is 6 digits, like 123456; got '12'."])
        #expect(authenticator.requests == ["login bob@agora.example"])
    }

    @Test("given Bob's challenge, when resend is tapped, then the code is sent again and the user told where")
    func resendCode() async {
        fill(email: "bob@agora.example")
        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.resendCodeTapped()
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["A new code was sent to b••@agora.example."])
        #expect(authenticator.service.mock.backend.resentCodes.values.reduce(0, +) == 1)
    }

    @Test("given the server is offline, when submitted, then the offline message is shown and loading ends", .exhaustiveRecorders)
    func offline() async {
        var service = MockAuthService.auth()
        service.login = .failure(.offline)
        let viewModel = LoginViewModel(dependency: .init(authenticator: AuthenticatorSpy(service: service), sessions: sessions))
        let errors = Recorder(viewModel.outputs.showError)
        let isLoading = Recorder(viewModel.outputs.isLoading)
        viewModel.inputs.emailChanged("alice@agora.example")
        viewModel.inputs.passwordChanged("agora-demo")

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.offline.description])
        isLoading.assertValues([false, true, false])
    }

    @Test("given the server throttles logins, when submitted, then the error says how many seconds to wait, no session begins and the form stays")
    func rateLimited() async {
        // Only the login endpoint may be asked: a session fetch or a second request fails the test.
        var service = MockAuthService.unimplemented()
        service.login = .failure(.rateLimited(retryAfterSeconds: 42))
        let viewModel = LoginViewModel(dependency: .init(authenticator: AuthenticatorSpy(service: service), sessions: sessions))
        let errors = Recorder(viewModel.outputs.showError)
        viewModel.inputs.emailChanged("alice@agora.example")
        viewModel.inputs.passwordChanged("guess")

        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["Too many failed logins. Wait 42 seconds, then try again."])
        #expect(sessions.user == nil)
        #expect(viewModel.outputs.isFormValid.value)
    }

    @Test("given a login in flight, when submit is tapped again, then no second request is made")
    func doubleSubmit() async {
        let gate = authenticator.plan.hold(request: 0)
        let errors = Recorder(viewModel.outputs.showError)
        fill()

        viewModel.inputs.submitTapped()
        viewModel.inputs.submitTapped()
        gate.open()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["Logging in already; wait for the answer."])
        #expect(authenticator.requests.count == 1)
    }

    @Test("given the form, when cancel is tapped, then the login is cancelled and no session begins")
    func cancel() {
        let cancelled = Recorder(viewModel.navigation.loginCancelled)
        fill()

        viewModel.inputs.cancelTapped()

        cancelled.assertValueCount(1)
        #expect(sessions.user == nil)
        #expect(authenticator.requests.isEmpty)
    }

    // MARK: Restoring

    @Test(
        "given Bob's challenge, when its state is given to a new login ViewModel, then it asks for the code, keeps no password, and the right code logs him in"
    )
    func restoredChallengeCompletes() async throws {
        fill(email: "bob@agora.example")
        viewModel.inputs.submitTapped()
        await viewModel.work.waitUntilIdle()
        let kept = try #require(viewModel.restorationState)
        #expect(kept == LoginRestorationState(email: "bob@agora.example", challenge: TwoFactorChallenge(id: "2fa.2.1", destination: "b••@agora.example")))
        let encoded = try #require(viewModel.encodedRestorationState())
        #expect(!String(decoding: encoded, as: UTF8.self).contains(MockData.demoPassword), "the password is never kept")

        let remade = LoginViewModel(dependency: .init(authenticator: authenticator, sessions: sessions))
        let step = Recorder(remade.outputs.step)
        let succeeded = Recorder(remade.navigation.loginSucceeded)
        try remade.restore(encoded: encoded)
        remade.inputs.viewDidLoad()
        remade.inputs.codeChanged(MockData.twoFactorCode)
        remade.inputs.verifyTapped()
        await remade.work.waitUntilIdle()

        step.assertValues([.credentials, .twoFactor(destination: "b••@agora.example")])
        succeeded.assertValues([MockData.bob])
        #expect(authenticator.requests == ["login bob@agora.example", "verify 424242"], "no second password asked for")
    }

    @Test("given a new form, then it keeps nothing; given state that is not a login's, when restored, then it throws and the form stays new")
    func nothingToRestore() throws {
        #expect(viewModel.restorationState == nil)
        #expect(throws: DecodingError.self) { try viewModel.restore(encoded: Data("[1,2]".utf8)) }
        #expect(viewModel.outputs.step.value == .credentials)
    }
}
