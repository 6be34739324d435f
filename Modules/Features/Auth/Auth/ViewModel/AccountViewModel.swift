import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What the user can do with their account from any screen.
@MainActor
public protocol AccountViewModelInputs {
    /// The user asked to log in.
    func loginTapped()
    /// The user asked which account they are logged in as.
    func accountTapped()
    /// The user asked to log out.
    func logoutTapped()
}

/// What a view of the account shows.
@MainActor
public protocol AccountViewModelOutputs {
    /// The logged-in user as a line ("Alice Martin <alice@agora.example>"), `nil` when logged out.
    var user: Output<String?> { get }
    /// A message for each completed action ("Logged out.").
    var showMessage: Signal<String> { get }
    /// `loginTapped()` asked for nothing: this user is logged in already (the view says how to
    /// change user).
    var showAlreadyLoggedIn: Signal<User> { get }
}

/// Where the account asks to go; only the coordinator observes this.
@MainActor
public protocol AccountNavigationEvents {
    /// Show the login screen.
    var showLogin: Signal<Void> { get }
}

/// The account ViewModel as its view and its coordinator see it.
@MainActor
public protocol AccountViewModelType: ViewModel {
    var inputs: any AccountViewModelInputs { get }
    var outputs: any AccountViewModelOutputs { get }
    var navigation: any AccountNavigationEvents { get }
    var work: WorkTracker { get }
}

/// Who is logged in, logging in and logging out: the session ends here even when the server
/// cannot be told, so a user is never stuck logged in, and what was kept for the user is cleared
/// either way.
@MainActor
public final class AccountViewModel: AccountViewModelType, AccountViewModelInputs, AccountViewModelOutputs, AccountNavigationEvents {
    /// What the account needs: the same authenticator and session store as the login.
    public typealias Dependency = LoginViewModel.Dependency

    public var inputs: any AccountViewModelInputs { self }
    public var outputs: any AccountViewModelOutputs { self }
    public var navigation: any AccountNavigationEvents { self }
    public let work = WorkTracker()

    public var user: Output<String?> { userSource.output }
    public var showMessage: Signal<String> { showMessageSource.signal }
    public var showAlreadyLoggedIn: Signal<User> { showAlreadyLoggedInSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }

    private let userSource = OutputSource<String?>(nil)
    private let showMessageSource = SignalSource<String>()
    private let showAlreadyLoggedInSource = SignalSource<User>()
    private let dependency: Dependency
    /// Asks for the login screen, unless someone is logged in already.
    private let loginGate: LoginGate
    private var observation: OutputObservation?

    public init(dependency: Dependency) {
        self.dependency = dependency
        loginGate = LoginGate(sessions: dependency.sessions)
        observation = dependency.sessions.session.observe { [weak self] session in
            self?.userSource.sendIfChanged(session.map { "\($0.user.name) <\($0.user.email)>" })
        }
    }

    // MARK: Inputs

    public func loginTapped() {
        if let user = loginGate.logIn() { showAlreadyLoggedInSource.send(user) }
    }

    public func accountTapped() {
        showMessageSource.send(userSource.value.map { "Logged in as \($0)." } ?? "Not logged in.")
    }

    public func logoutTapped() {
        guard let session = dependency.sessions.session.value else {
            return showMessageSource.send("Not logged in, so there is nothing to log out of.")
        }
        let authenticator = dependency.authenticator
        let sessions = dependency.sessions
        work.start { [weak self] in
            var failure: ServiceError?
            do throws(ServiceError) {
                try await authenticator.logout(session.token)
            } catch {
                failure = error
            }
            sessions.end()
            // Done only once nothing of the user is left to show: the next user of this
            // machine may log in right after.
            await sessions.userDataCleared()
            switch failure {
            case nil, .unauthorized?:
                self?.showMessageSource.send("Logged out.")
            case let error?:
                self?.showMessageSource.send("Logged out here; the server could not be told (\(error.description))")
            }
        }
    }
}
