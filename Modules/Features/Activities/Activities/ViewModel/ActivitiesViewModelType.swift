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
    /// The user chose the row `id`: its screen opens, or, when the row left the list since it
    /// was shown, an error says so (never another row's screen).
    func rowTapped(_ id: ActivityRow.ID)
    /// The user asked to log in from the logged-out feed.
    func loginTapped()
}

/// What the activity feed shows: rows newest first, the cached feed at once, then fresh pages
/// as they arrive; no rows when logged out.
@MainActor
public protocol ActivitiesViewModelOutputs: ListViewModelOutputs where Row == ActivityRow {
    /// Whose feed it is ("Alice Martin"); `nil` when logged out.
    var userName: Output<String?> { get }
    /// Why there are no rows, when that is known: logged out, or a feed with nothing in it
    /// (`isEmpty` says only the latter).
    var emptyState: Output<ActivitiesEmptyState?> { get }
    /// `loginTapped()` had nothing to do: this user is already logged in (the view says how to
    /// switch accounts in its own terms).
    var showAlreadyLoggedIn: Signal<User> { get }
}

/// Where the feed asks to go: what a chosen activity is about (``ActivityRow/route``, another
/// feature's screen), or the login; only its coordinator observes this.
@MainActor
public protocol ActivitiesNavigationEvents: ListNavigationEvents {
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
