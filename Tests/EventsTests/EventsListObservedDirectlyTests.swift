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

/// What a SwiftUI app holds over the Events list ViewModel: the kit's `ObservableList`, fed by
/// the feature's own ViewModel, unchanged; no REPL or web page is involved.
@MainActor
final class EventsListModel {
    let viewModel: any EventsListViewModelType
    let list: ObservableList<EventRow>

    init(viewModel: any EventsListViewModelType) {
        self.viewModel = viewModel
        list = ObservableList(outputs: viewModel.outputs, inputs: viewModel.inputs)
    }

    var titles: [String] { list.rows.map(\.title) }
    var isLoading: Bool { list.isLoading }
    var lastError: String? { list.error }
}

@MainActor
@Suite("Events list ViewModel through the kit's @Observable list (the GUI boundary)")
struct EventsListObservableModelTests {
    let cache = InMemoryListCache<Event>()
    let model: EventsListModel

    init() {
        let fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        let viewModel = EventsListViewModel(dependency: .init(fetcher: fetcher, loader: CacheLoader(cache: cache), sessions: .test(), environment: .test()))
        model = EventsListModel(viewModel: viewModel)
    }

    @Test("given an @Observable model over the ViewModel, when the view appears, then observation tracking sees the titles change to the first page")
    func observationSeesTheFirstPage() async {
        let changes = Mutex(0)
        withObservationTracking {
            _ = model.list.rows
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        #expect(model.titles.isEmpty)

        model.viewModel.inputs.viewDidLoad()
        await model.viewModel.work.waitUntilIdle()

        #expect(changes.withLock { $0 } == 1, "withObservationTracking fires once for the first change")
        #expect(model.titles == Array(MockData.test.events.prefix(20).map(\.title)))
        #expect(model.isLoading == false)
        #expect(model.lastError == nil)
    }

    @Test("given the first page shown, when the next page loads, then isLoading goes true then false through the model")
    func loadingThroughTheModel() async {
        model.viewModel.inputs.viewDidLoad()
        await model.viewModel.work.waitUntilIdle()
        var seen: [Bool] = []
        let observation = model.viewModel.outputs.isLoading.observe { _ in seen.append(self.model.isLoading) }

        model.viewModel.inputs.willDisplayRow(19, outOf: 20)
        await model.viewModel.work.waitUntilIdle()
        observation.cancel()

        #expect(seen == [false, true, false])
        #expect(model.titles.count == 40)
    }
}
