import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// A list of upcoming events, every one or those the member goes to (``EventsFilter``): cached
/// rows at once, then fresh pages, next page near the end; the rows follow the cache, so an event
/// changed on another screen changes here too. Each row says whether the logged-in member is
/// going: the list loads again when it shows after a login. The member's own list waits for a
/// login, and empties when they log out.
@MainActor
public final class EventsListViewModel: PagedListViewModel, EventsListViewModelType, EventsListViewModelInputs,
    EventsListViewModelOutputs, EventsListNavigationEvents
{
    public var inputs: any EventsListViewModelInputs { self }
    public var outputs: any EventsListViewModelOutputs { self }
    public var navigation: any EventsListNavigationEvents { self }
    public let work = WorkTracker()

    public let filter: EventsFilter
    public var showError: Signal<String> { showErrorSource.signal }
    public var showRoute: Signal<Route> { showRouteSource.signal }
    public var needsLogin: Output<Bool> { needsLoginSource.output }

    private let showErrorSource = SignalSource<String>()
    private let showRouteSource = SignalSource<Route>()
    private let needsLoginSource = OutputSource(false)

    /// The cached events, paged: a page's rows show when it ends, an event changed elsewhere at once.
    public let list: PagedList<Event, EventRow, ServiceError>
    private let dependency: Dependency
    private var observations: [OutputObservation] = []
    private var sessionObservation: OutputObservation?
    /// The member whose RSVPs the rows show: the one logged in when the first page was asked
    /// for, until they log out (their RSVPs then leave the cache, which the rows follow).
    private var listedFor: User.ID?
    /// Whether pages have been asked for: the member's own list waits for a login.
    private var isStarted = false

    /// - Parameters:
    ///   - filter: which events it lists.
    ///   - dependency: its UseCases and the session.
    public init(filter: EventsFilter = .upcoming, dependency: Dependency) {
        self.filter = filter
        self.dependency = dependency
        let environment = dependency.environment
        list = PagedList(work: work, environment: environment) { event in
            EventRow(event: event, environment: environment)
        }
        observations = [
            list.errors.observe { [weak self] error in
                self?.showErrorSource.send(error.description)
            }
        ]
    }

    // MARK: Inputs

    public func viewDidLoad() {
        guard sessionObservation == nil else { return }
        listedFor = dependency.sessions.session.value?.user.id
        startIfSomeoneToList()
        sessionObservation = dependency.sessions.session.observe { [weak self] session in
            if session == nil { self?.memberLoggedOut() }
        }
    }

    public func viewDidReappear() {
        // A login happens on another screen: the rows show the RSVPs of whoever is logged in now.
        let member = dependency.sessions.session.value?.user.id
        guard member != listedFor else { return }
        listedFor = member
        if isStarted {
            list.reload()
        } else {
            startIfSomeoneToList()
        }
    }

    public func refresh() {
        // The member's own list, while nobody is logged in: still nothing to ask for.
        guard isStarted else { return startIfSomeoneToList() }
        list.refresh()
    }

    public func rowTapped(_ id: EventRow.ID) {
        if let route = list.route(of: id) {
            showRouteSource.send(route)
        } else {
            showErrorSource.send("That event is no longer in the list.")
        }
    }

    // MARK: Following the session

    /// Whom pages are asked for as, when each is asked for.
    private var viewer: AccessToken? { dependency.sessions.session.value?.token }

    /// Asks for the first page, but for the member's own list while nobody is logged in: that
    /// needs a login (``needsLogin``), and the list starts when the screen shows after one.
    private func startIfSomeoneToList() {
        guard filter == .upcoming || listedFor != nil else {
            needsLoginSource.sendIfChanged(true)
            return
        }
        needsLoginSource.sendIfChanged(false)
        isStarted = true
        let (fetcher, filter) = (dependency.fetcher, filter)
        list.start(following: dependency.loader.cachedEvents(filter)) { [weak self] cursor throws(ServiceError) in
            try await fetcher.fetchEvents(filter, after: cursor, viewer: await self?.viewer)
        }
    }

    private func memberLoggedOut() {
        listedFor = nil
        guard filter == .upcoming else {
            // The member's own list was theirs: it stops (a page on its way is dropped) and waits
            // for the next login, rather than show a visitor going to nothing. Not started, it
            // waits already.
            guard isStarted else { return }
            list.stop()
            isStarted = false
            needsLoginSource.sendIfChanged(true)
            return
        }
        // A page asked for as the member may land after their RSVPs left the cache: it is
        // asked for again, as no one.
        if list.isLoading.value { list.reload() }
    }
}
