import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The logged-in user's activity feed: follows the session, pages without duplicates, newest
/// first, and sends a tapped activity to its event or its comments by route.
@MainActor
public final class ActivitiesViewModel: PagedListViewModel, ActivitiesViewModelType, ActivitiesViewModelInputs,
    ActivitiesViewModelOutputs, ActivitiesNavigationEvents
{
    public var inputs: any ActivitiesViewModelInputs { self }
    public var outputs: any ActivitiesViewModelOutputs { self }
    public var navigation: any ActivitiesNavigationEvents { self }
    public let work = WorkTracker()

    public var userName: Output<String?> { userNameSource.output }
    public var emptyState: Output<ActivitiesEmptyState?> { emptyStateSource.output }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showAlreadyLoggedIn: Signal<User> { showAlreadyLoggedInSource.signal }
    public var showRoute: Signal<Route> { showRouteSource.signal }
    public var showLogin: Signal<Void> { loginGate.loginRequested }

    private let userNameSource = OutputSource<String?>(nil)
    private let emptyStateSource = OutputSource<ActivitiesEmptyState?>(nil)
    private let showErrorSource = SignalSource<String>()
    private let showAlreadyLoggedInSource = SignalSource<User>()
    private let showRouteSource = SignalSource<Route>()

    private let dependency: Dependency
    private let loginGate: LoginGate
    /// The feed of the session shown: a list follows one user's feed at a time, so a page asked
    /// for by a session that has ended never reaches the screen.
    public let list: PagedList<Activity, ActivityRow, ServiceError>
    /// The session whose feed ``list`` follows.
    private var feedSession: Session?
    private var sessionObservation: OutputObservation?
    private var observations: [OutputObservation] = []

    public init(dependency: Dependency) {
        self.dependency = dependency
        loginGate = LoginGate(sessions: dependency.sessions)
        let environment = dependency.environment
        list = PagedList(work: work, environment: environment) { activity in
            ActivityRow(activity: activity, environment: environment)
        }
        observations = [
            list.isEmpty.observe { [weak self] isEmpty in
                guard let self, feedSession != nil else { return }
                emptyStateSource.sendIfChanged(isEmpty ? .noActivity : nil)
            },
            list.errors.observe { [weak self] in self?.pageFailed($0) },
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        guard sessionObservation == nil else { return }
        // Replays the current session at once: the first page for a logged-in user, the
        // logged-out state otherwise; then every login and logout.
        sessionObservation = dependency.sessions.session.observe { [weak self] session in
            self?.sessionChanged(session)
        }
    }

    public func viewDidReappear() {
        loginGate.screenReappeared()
        if let state = emptyStateSource.value {
            emptyStateSource.send(state)
        }
    }

    public func refresh() {
        guard feedSession != nil else {
            // Nothing to ask for: say again why the feed is empty.
            emptyStateSource.send(.loggedOut)
            return
        }
        list.refresh()
    }

    public func rowTapped(_ id: ActivityRow.ID) {
        if let route = list.route(of: id) {
            showRouteSource.send(route)
        } else {
            showErrorSource.send("That activity is no longer in the list.")
        }
    }

    public func loginTapped() {
        // Nothing waits for the login but the feed: if the user comes back without one, the
        // reappearing feed says it is logged out.
        let loggedIn = loginGate.logIn { [weak self] session in
            self?.sessionChanged(session)
        }
        if let loggedIn { showAlreadyLoggedInSource.send(loggedIn) }
    }

    // MARK: Following the session

    private func sessionChanged(_ session: Session?) {
        guard let session else {
            showLoggedOut()
            return
        }
        // A login the gate resumed and the session observation both land here: load once.
        guard session != feedSession else { return }
        showFeed(of: session)
    }

    private func showLoggedOut() {
        feedSession = nil
        list.stop()
        userNameSource.sendIfChanged(nil)
        emptyStateSource.sendIfChanged(.loggedOut)
    }

    private func showFeed(of session: Session) {
        feedSession = nil
        list.stop()
        feedSession = session
        userNameSource.sendIfChanged(session.user.name)
        emptyStateSource.sendIfChanged(nil)
        let fetcher = dependency.fetcher
        list.start(following: dependency.loader.cachedActivities(userID: session.user.id)) { cursor throws(ServiceError) in
            try await fetcher.fetchActivities(after: cursor, session: session)
        }
    }

    private func pageFailed(_ error: ServiceError) {
        showErrorSource.send(error.description)
        guard error == .unauthorized else { return }
        // The server refused the session: it ends for every feature (the feed shows the
        // logged-out state) and the login screen is asked for; the feed loads after the login.
        loginGate.sessionExpired(
            retry: { [weak self] session in
                self?.sessionChanged(session)
            },
            ifCancelled: {
                // The logged-out state is already showing and says how to log in.
            })
    }
}
