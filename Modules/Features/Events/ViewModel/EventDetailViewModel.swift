import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// What happens on an event's detail screen.
@MainActor
public protocol EventDetailViewModelInputs {
    /// The screen was shown for the first time.
    func viewDidLoad()
    /// The user asked for fresh data.
    func refresh()
    /// The user wants to read the event's comments.
    func commentsTapped()
}

/// What an event's detail screen shows.
@MainActor
public protocol EventDetailViewModelOutputs {
    /// The event, once known: the cached copy at once, then the fresh one.
    var event: Output<EventDetailItem?> { get }
    /// Whether the event is being loaded.
    var isLoading: Output<Bool> { get }
    /// A message for each failed load.
    var showError: Signal<String> { get }
}

/// Where the detail screen asks to go; only its coordinator observes this.
@MainActor
public protocol EventDetailNavigationEvents {
    /// Show this event's comments (another feature: the coordinator goes by route).
    var showComments: Signal<Event.ID> { get }
}

/// The detail ViewModel as its view and coordinator see it.
@MainActor
public protocol EventDetailViewModelType: AnyObject {
    var inputs: any EventDetailViewModelInputs { get }
    var outputs: any EventDetailViewModelOutputs { get }
    var navigation: any EventDetailNavigationEvents { get }
    var work: WorkTracker { get }
}

/// One event: cached copy first, then the fresh one.
@MainActor
public final class EventDetailViewModel: EventDetailViewModelType, EventDetailViewModelInputs,
    EventDetailViewModelOutputs, EventDetailNavigationEvents {
    public typealias Dependency = EventsListViewModel.Dependency

    public var inputs: any EventDetailViewModelInputs { self }
    public var outputs: any EventDetailViewModelOutputs { self }
    public var navigation: any EventDetailNavigationEvents { self }
    public let work = WorkTracker()

    public var event: Output<EventDetailItem?> { eventSource.output }
    public var isLoading: Output<Bool> { isLoadingSource.output }
    public var showError: Signal<String> { showErrorSource.signal }
    public var showComments: Signal<Event.ID> { showCommentsSource.signal }

    private let eventSource = OutputSource<EventDetailItem?>(nil)
    private let isLoadingSource = OutputSource(false)
    private let showErrorSource = SignalSource<String>()
    private let showCommentsSource = SignalSource<Event.ID>()

    private let eventID: Event.ID
    private let dependency: Dependency
    private var fetch: Task<Void, Never>?
    /// Bumped by each refresh so only the latest answer is shown.
    private var generation = 0

    /// - Parameter eventID: the event to show (Kickstarter's `configureWith`).
    public init(eventID: Event.ID, dependency: Dependency) {
        self.eventID = eventID
        self.dependency = dependency
    }

    // MARK: Inputs

    public func viewDidLoad() {
        let loader = dependency.loader
        let environment = dependency.environment
        let id = eventID
        work.start { [weak self] in
            guard let cached = await loader.loadEvent(id: id), let self, eventSource.value == nil else { return }
            eventSource.send(EventDetailItem(event: cached, environment: environment))
        }
        refresh()
    }

    public func refresh() {
        fetch?.cancel()
        generation += 1
        let requestGeneration = generation
        isLoadingSource.sendIfChanged(true)
        let fetcher = dependency.fetcher
        let environment = dependency.environment
        let id = eventID
        fetch = work.start { [weak self] in
            let result: Result<Event, ServiceError>
            do throws(ServiceError) {
                result = .success(try await fetcher.fetchEvent(id: id))
            } catch {
                result = .failure(error)
            }
            guard let self, requestGeneration == generation else { return }
            switch result {
            case .success(let event): eventSource.send(EventDetailItem(event: event, environment: environment))
            case .failure(let error): showErrorSource.send(error.description)
            }
            isLoadingSource.sendIfChanged(false)
        }
    }

    public func commentsTapped() {
        showCommentsSource.send(eventID)
    }
}
