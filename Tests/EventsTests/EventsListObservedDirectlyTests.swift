import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraObservation
import AgoraTestSupport
import Events
import Observation
import Synchronization
import Testing

/// What a SwiftUI view of the events list reads, with no adapter between it and the feature's
/// ViewModel: its outputs' values, its inputs by a row's id, and its error signal held.
@MainActor
struct EventsListView {
    let viewModel: any EventsListViewModelType
    let error: ObservedSignal<String>

    init(viewModel: any EventsListViewModelType) {
        self.viewModel = viewModel
        error = ObservedSignal(viewModel.outputs.showError)
    }

    /// What `body` reads.
    var titles: [String] { viewModel.outputs.rows.value.map(\.title) }
    var isLoading: Bool { viewModel.outputs.isLoading.value }

    /// A row's `onAppear`.
    func rowAppeared(_ id: EventRow.ID) {
        viewModel.inputs.willDisplayRow(withID: id, in: viewModel.outputs.rows.value)
    }
}

@MainActor
@Suite("Events list ViewModel read directly by a SwiftUI-shaped view (the GUI boundary)")
struct EventsListObservedDirectlyTests {
    let cache = InMemoryListCache<Event>()
    let view: EventsListView

    init() {
        let fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        let viewModel = EventsListViewModel(
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.events(.upcoming)], cache: cache), sessions: .test(), environment: .test()))
        view = EventsListView(viewModel: viewModel)
    }

    @Test("given a view whose body read the rows, when the view appears, then observation tracking sees the first page")
    func observationSeesTheFirstPage() async {
        let changes = Mutex(0)
        withObservationTracking {
            _ = view.titles
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        #expect(view.titles.isEmpty)

        view.viewModel.inputs.viewDidLoad()
        await view.viewModel.work.waitUntilIdle()

        #expect(changes.withLock { $0 } == 1, "withObservationTracking fires once for the first change")
        #expect(view.titles == Array(MockData.test.events.prefix(20).map(\.title)))
        #expect(view.isLoading == false)
        #expect(view.error.latest == nil)
    }

    @Test("given the first page shown, when the last row appears by its id, then the next page loads, isLoading going true then false")
    func theLastRowByIDLoadsTheNextPage() async throws {
        view.viewModel.inputs.viewDidLoad()
        await view.viewModel.work.waitUntilIdle()
        var seen: [Bool] = []
        let observation = view.viewModel.outputs.isLoading.observe { _ in seen.append(self.view.isLoading) }
        let last = try #require(view.viewModel.outputs.rows.value.last)

        view.rowAppeared(last.id)
        await view.viewModel.work.waitUntilIdle()
        observation.cancel()

        #expect(seen == [false, true, false])
        #expect(view.titles.count == 40)
    }

    @Test("given the first page shown, when a row no longer in the list appears, then nothing is asked for")
    func aRowGoneAsksForNothing() async {
        view.viewModel.inputs.viewDidLoad()
        await view.viewModel.work.waitUntilIdle()

        view.rowAppeared(-1)
        await view.viewModel.work.waitUntilIdle()

        #expect(view.titles.count == 20)
    }
}
