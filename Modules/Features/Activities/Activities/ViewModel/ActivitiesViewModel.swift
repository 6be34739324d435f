import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the activity feed: what happens on every list (from `viewDidLoad()` on, the
/// feed follows who is logged in), a row chosen, and a login asked for.
@MainActor
public protocol ActivitiesViewModelInputs: ListViewModelInputs {
    /// The feed is visible again after another screen (a login that may not have happened):
    /// a login still waited for is given up, and an empty feed says again why it is empty.
    func viewDidReappear()
    /// The user chose the row at `row` (0-based).
    func rowTapped(_ row: Int)
    /// The user asked to log in from the logged-out feed.
    func loginTapped()
}

/// What the activity feed shows: rows newest first, the cached feed at once, then fresh pages
/// as they arrive; no rows when logged out.
@MainActor
public protocol ActivitiesViewModelOutputs: ListViewModelOutputs where Row == ActivityRow {
    /// Whose feed it is ("Alice Martin"); `nil` when logged out.
    var userName: Output<String?> { get }
    /// Why there are no rows, when that is known: logged out, or a feed with nothing in it.
    var emptyState: Output<ActivitiesEmptyState?> { get }
    /// `loginTapped()` had nothing to do: this user is already logged in (the view says how to
    /// switch accounts in its own terms).
    var showAlreadyLoggedIn: Signal<User> { get }
}

/// Where the feed asks to go; only its coordinator observes this.
@MainActor
public protocol ActivitiesNavigationEvents {
    /// Show what a tapped activity is about (another feature's screen: the coordinator opens the
    /// route).
    var showRoute: Signal<Route> { get }
    /// Show the login screen; the feed loads once the login succeeds.
    var showLogin: Signal<Void> { get }
}

/// The feed's ViewModel as its view and coordinator see it.
@MainActor
public protocol ActivitiesViewModelType: ViewModel {
    var inputs: any ActivitiesViewModelInputs { get }
    var outputs: any ActivitiesViewModelOutputs { get }
    var navigation: any ActivitiesNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}

/// The logged-in user's activity feed: follows the session, pages without duplicates, newest
/// first, and sends a tapped activity to its event or its comments by route.
@MainActor
public final class ActivitiesViewModel: ActivitiesViewModelType, ActivitiesViewModelInputs,
    ActivitiesViewModelOutputs, ActivitiesNavigationEvents
{
    /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
    /// coordinator.
    public struct Dependency: Sendable {
        public var fetcher: any ActivitiesFetchable
        public var loader: any ActivitiesLoadable
        public var sessions: SessionStore
        public var environment: AgoraEnvironment

        public init(fetcher: any ActivitiesFetchable, loader: any ActivitiesLoadable, sessions: SessionStore, environment: AgoraEnvironment) {
            self.fetcher = fetcher
            self.loader = loader
            self.sessions = sessions
            self.environment = environment
        }
    }

    public var inputs: any ActivitiesViewModelInputs { self }
    public var outputs: any ActivitiesViewModelOutputs { self }
    public var navigation: any ActivitiesNavigationEvents { self }
    public let work = WorkTracker()

    public var rows: Output<ListRows<ActivityRow>> { list.rows }
    public var userName: Output<String?> { userNameSource.output }
    public var isLoading: Output<Bool> { list.isLoading }
    public var emptyState: Output<ActivitiesEmptyState?> { emptyStateSource.output }
    public var hasMorePages: Output<Bool> { list.hasMorePages }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }
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
    private let list: PagedList<Activity, ActivityRow, ServiceError>
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

    public func willDisplayRow(_ row: Int, outOf total: Int) {
        list.willDisplayRow(row, outOf: total)
    }

    public func rowTapped(_ row: Int) {
        guard rows.value.indices.contains(row) else { return }
        showRouteSource.send(rows.value[row].route)
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
