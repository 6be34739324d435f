import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the login screen.
@MainActor
public protocol LoginViewModelInputs {
    /// The screen was shown.
    func viewDidLoad()
    /// The email field changed.
    func emailChanged(_ email: String)
    /// The password field changed.
    func passwordChanged(_ password: SecretString)
    /// The user sent the email and password.
    func submitTapped()
    /// The two-factor code field changed.
    func codeChanged(_ code: SecretString)
    /// The user sent the two-factor code.
    func verifyTapped()
    /// The user asked for the two-factor code again.
    func resendCodeTapped()
    /// The user gave up on logging in.
    func cancelTapped()
}

/// What the login screen shows.
@MainActor
public protocol LoginViewModelOutputs {
    /// Whether the email and password can be sent.
    var isFormValid: Output<Bool> { get }
    /// What the form still needs, when it cannot be sent (the first problem only).
    var formHint: Output<String?> { get }
    /// Which step the login is at.
    var step: Output<LoginStep> { get }
    /// Whether the two-factor code has the right shape.
    var isCodeValid: Output<Bool> { get }
    /// Whether a request is running.
    var isLoading: Output<Bool> { get }
    /// A message for each refused or failed attempt.
    var showError: Signal<String> { get }
    /// A message for each completed action ("Code sent again.").
    var showMessage: Signal<String> { get }
    /// A code was to be verified or sent again before one was asked for: the email and
    /// password come first (the view says how in its own terms).
    var showNoCodeAskedFor: Signal<Void> { get }
}

/// Where the login screen asks to go; only its coordinator observes this.
@MainActor
public protocol LoginNavigationEvents {
    /// The user is logged in (the session store already has the session).
    var loginSucceeded: Signal<User> { get }
    /// The user gave up; go back to where they were.
    var loginCancelled: Signal<Void> { get }
}

/// The login ViewModel as its view and coordinator see it.
@MainActor
public protocol LoginViewModelType: ViewModel {
    var inputs: any LoginViewModelInputs { get }
    var outputs: any LoginViewModelOutputs { get }
    var navigation: any LoginNavigationEvents { get }
    var work: WorkTracker { get }
}

/// Email and password, then a two-factor code when the account needs one; the session goes to the
/// session store, which every feature observes.
@MainActor
public final class LoginViewModel: LoginViewModelType, LoginViewModelInputs, LoginViewModelOutputs, LoginNavigationEvents {
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var authenticator: any Authenticating
        public var sessions: SessionStore

        public init(authenticator: any Authenticating, sessions: SessionStore) {
            self.authenticator = authenticator
            self.sessions = sessions
        }
    }

    public var inputs: any LoginViewModelInputs { self }
    public var outputs: any LoginViewModelOutputs { self }
    public var navigation: any LoginNavigationEvents { self }
    public let work = WorkTracker()

    public var isFormValid: Output<Bool> { isFormValidSource.output }
    public var formHint: Output<String?> { formHintSource.output }
    public var step: Output<LoginStep> { stepSource.output }
    public var isCodeValid: Output<Bool> { isCodeValidSource.output }
    public var isLoading: Output<Bool> { isLoadingSource.output }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showNoCodeAskedFor: Signal<Void> { showNoCodeAskedForSource.signal }
    public var loginSucceeded: Signal<User> { loginSucceededSource.signal }
    public var loginCancelled: Signal<Void> { loginCancelledSource.signal }

    private let isFormValidSource = OutputSource(false)
    private let formHintSource = OutputSource<String?>(nil)
    let stepSource = OutputSource(LoginStep.credentials)
    private let isCodeValidSource = OutputSource(false)
    private let isLoadingSource = OutputSource(false)
    private let showErrorSource = SignalSource<String>()
    private let showMessageSource = SignalSource<String>()
    private let showNoCodeAskedForSource = SignalSource<Void>()
    private let loginSucceededSource = SignalSource<User>()
    private let loginCancelledSource = SignalSource<Void>()

    private let dependency: Dependency
    var form = LoginForm()
    var challenge: TwoFactorChallenge?

    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    // MARK: Inputs

    public func viewDidLoad() {
        formChanged()
    }

    public func emailChanged(_ email: String) {
        form.email = email
        formChanged()
    }

    public func passwordChanged(_ password: String) {
        form.password = password
        formChanged()
    }

    public func submitTapped() {
        guard !isLoadingSource.value else { return showErrorSource.send("Logging in already; wait for the answer.") }
        if let problem = form.problem { return showErrorSource.send(problem) }
        let credentials = LoginCredentials(email: form.email.trimmingCharacters(in: .whitespaces), password: form.password)
        let authenticator = dependency.authenticator
        request { () throws(ServiceError) in
            try await authenticator.login(credentials)
        } then: { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .loggedIn(let session):
                succeed(with: session)
            case .twoFactorRequired(let challenge):
                self.challenge = challenge
                stepSource.send(.twoFactor(destination: challenge.destination))
            }
        }
    }

    public func codeChanged(_ code: String) {
        form.code = code
        isCodeValidSource.sendIfChanged(form.isCodeValid)
    }

    public func verifyTapped() {
        guard let challenge else { return showNoCodeAskedForSource.send() }
        guard !isLoadingSource.value else { return showErrorSource.send("Checking the code already; wait for the answer.") }
        guard form.isCodeValid else {
            return showErrorSource.send("The code is \(LoginForm.codeLength) digits, like 123456; got '\(form.code.prefix(20))'.")
        }
        let code = form.trimmedCode
        let authenticator = dependency.authenticator
        request { () throws(ServiceError) in
            try await authenticator.verifyTwoFactor(challenge.id, code: code)
        } then: { [weak self] session in
            self?.succeed(with: session)
        }
    }

    public func resendCodeTapped() {
        guard let challenge else { return showNoCodeAskedForSource.send() }
        let authenticator = dependency.authenticator
        request { () throws(ServiceError) in
            try await authenticator.resendTwoFactorCode(challenge.id)
        } then: { [weak self] in
            self?.showMessageSource.send("A new code was sent to \(challenge.destination).")
        }
    }

    public func cancelTapped() {
        loginCancelledSource.send()
    }

    // MARK: Private

    func formChanged() {
        isFormValidSource.sendIfChanged(form.isComplete)
        formHintSource.sendIfChanged(form.problem)
    }

    private func succeed(with session: Session) {
        // The password is not kept once it has served.
        form.password = ""
        form.code = ""
        dependency.sessions.begin(session)
        showMessageSource.send("Logged in as \(session.user.name).")
        loginSucceededSource.send(session.user)
    }

    /// Runs one auth request with the loading flag, its error as a message, and `success` on
    /// the main actor.
    private func request<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(ServiceError) -> Value,
        then success: @escaping @MainActor (Value) -> Void
    ) {
        isLoadingSource.send(true)
        work.start { [weak self] in
            let result = await Result<Value, ServiceError> { () async throws(ServiceError) in
                try await operation()
            }
            guard let self else { return }
            // A session begins only once what the one before it left is cleared: the previous
            // user's data must never show as the new user's.
            await dependency.sessions.userDataCleared()
            isLoadingSource.send(false)
            // Cancelled (the user stopped it, its view went away): nothing it started completes, not
            // even a login the server granted meanwhile.
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let value): success(value)
            case .failure(let error): showErrorSource.send(error.description)
            }
        }
    }
}
