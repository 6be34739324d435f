import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events
import Observation
import Synchronization
import Testing

/// What a SwiftUI app would write over the Events list ViewModel: an `@Observable` model fed by
/// the ViewModel's outputs, in a file that imports the kit next to the standard `Observation`
/// module. The ViewModel is the feature's own, unchanged; no REPL is involved.
@Observable
@MainActor
final class EventsListModel {
    private(set) var titles: [String] = []
    private(set) var isLoading = false
    private(set) var lastError: String?
    @ObservationIgnored let viewModel: any EventsListViewModelType
    @ObservationIgnored private var observations: [OutputObservation] = []

    init(viewModel: any EventsListViewModelType) {
        self.viewModel = viewModel
        observations = [
            viewModel.outputs.rows.observe { [weak self] rows in self?.titles = rows.map(\.title) },
            viewModel.outputs.isLoading.assign(to: \.isLoading, on: self),
            viewModel.outputs.showError.assign(to: \.lastError, on: self),
        ]
    }
}

@MainActor
@Suite("Events list ViewModel through an @Observable model (the GUI boundary)")
struct EventsListObservableModelTests {
    let cache = InMemoryListCache<Event>()
    let model: EventsListModel

    init() {
        let fetcher = EventsFetcherSpy(cache: cache)
        let viewModel = EventsListViewModel(dependency: .init(fetcher: fetcher, loader: CacheLoader(cache: cache), environment: .test()))
        model = EventsListModel(viewModel: viewModel)
    }

    @Test("given an @Observable model over the ViewModel, when the view appears, then observation tracking sees the titles change to the first page")
    func observationSeesTheFirstPage() async {
        let changes = Mutex(0)
        withObservationTracking {
            _ = model.titles
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
