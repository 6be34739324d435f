import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on an event's detail screen.
@MainActor
public protocol EventDetailViewModelInputs {
    /// The screen was shown for the first time.
    func viewDidLoad()
    /// The screen is visible again after another one: a login may or may not have happened, a
    /// comment may have been posted.
    func viewDidReappear()
    /// The user asked for fresh data.
    func refresh()
    /// The user wants to read the event's comments.
    func commentsTapped()
    /// The user says they are going (or no longer going); asks for a login first when needed.
    func rsvpTapped(going: Bool)
}

/// What an event's detail screen shows.
@MainActor
public protocol EventDetailViewModelOutputs {
    /// The event, once known: the cached copy at once, then the fresh one.
    var event: Output<EventDetail?> { get }
    /// Whether the event is being loaded.
    var isLoading: Output<Bool> { get }
    /// Whether an RSVP is being sent; it turns false once its answer (the event, a message, an
    /// error) has been shown.
    var isSendingRSVP: Output<Bool> { get }
    /// A message for each failed request.
    var showError: Signal<String> { get }
    /// A message for each completed action ("You're going.").
    var showMessage: Signal<String> { get }
}

/// Where the detail screen asks to go; only its coordinator observes this.
@MainActor
public protocol EventDetailNavigationEvents {
    /// Show this event's comments (another feature: the coordinator goes by route).
    var showComments: Signal<Event.ID> { get }
    /// Show the login screen; the RSVP waiting for it resumes after the login.
    var showLogin: Signal<Void> { get }
    /// The event does not exist (and nothing of it was cached): close this screen, after the
    /// error that says so, rather than leave a screen with nothing to act on.
    var close: Signal<Void> { get }
}

/// The detail ViewModel as its view and coordinator see it.
@MainActor
public protocol EventDetailViewModelType: ViewModel {
    var inputs: any EventDetailViewModelInputs { get }
    var outputs: any EventDetailViewModelOutputs { get }
    var navigation: any EventDetailNavigationEvents { get }
    var work: WorkTracker { get }
}
