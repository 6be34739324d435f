import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on the events list: what happens on every list, and a row chosen.
@MainActor
public protocol EventsListViewModelInputs: ListViewModelInputs {
    /// The list shows again after another screen covered it; after a login there, it loads
    /// again, as the member.
    func viewDidReappear()
    /// The user chose the row `id`: its screen opens, or, when the row left the list since it
    /// was shown, an error says so (never another row's screen).
    func rowTapped(_ id: EventRow.ID)
}

/// What the events list shows: rows of upcoming events, cached ones first, then fresh ones as
/// pages arrive; a row changes when its event changes in the cache.
@MainActor
public protocol EventsListViewModelOutputs: ListViewModelOutputs where Row == EventRow {
    /// Which events it lists, for the view's title and empty message.
    var filter: EventsFilter { get }
    /// The member's own list while nobody is logged in: there are no rows to show, and the one
    /// thing to do is log in (each view says how).
    var needsLogin: Output<Bool> { get }
}

/// Where the events list asks to go, a chosen event's page (``EventRow/route``); only its
/// coordinator observes this.
@MainActor
public protocol EventsListNavigationEvents: ListNavigationEvents {}

/// The events list's ViewModel as its view and coordinator see it.
@MainActor
public protocol EventsListViewModelType: ViewModel {
    var inputs: any EventsListViewModelInputs { get }
    var outputs: any EventsListViewModelOutputs { get }
    var navigation: any EventsListNavigationEvents { get }
    /// The work inputs started; await it instead of sleeping.
    var work: WorkTracker { get }
}
