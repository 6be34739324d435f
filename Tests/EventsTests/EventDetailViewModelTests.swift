import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraTestSupport
@testable import Events
import Testing

@MainActor
@Suite("Event detail ViewModel")
struct EventDetailViewModelTests {
    let fetcher = EventsFetcherSpy()
    let loader = CacheLoader()
    let rsvp = RSVPSpy()
    let sessions = SessionStore.test()

    func makeViewModel(eventID: Int = 7) -> EventDetailViewModel {
        EventDetailViewModel(eventID: eventID, dependency: .init(fetcher: fetcher, loader: loader, rsvp: rsvp, sessions: sessions, environment: .test()))
    }

    @Test("viewDidLoad: loading, then the event")
    func viewDidLoadShowsEvent() async {
        let viewModel = makeViewModel()
        let titles = Recorder(viewModel.outputs.event.map { $0?.title })
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        titles.assertValues([nil, MockData.test.events[6].title])
        isLoading.assertValues([false, true, false])
        #expect(viewModel.outputs.event.value?.when.contains(" – ") == true)
    }

    @Test("with a cached copy: the cached event at once, then the fresh one")
    func cachedThenFresh() async {
        var stale = MockData.test.events[6]
        stale.title = "Old title"
        await loader.cache.store(stale)
        let gate = fetcher.script.hold(request: 0)
        let viewModel = makeViewModel()
        let titles = Recorder(viewModel.outputs.event.map { $0?.title })

        viewModel.inputs.viewDidLoad()
        await titles.waitForValues(count: 2)
        gate.open()
        await viewModel.work.waitUntilIdle()

        titles.assertValues([nil, "Old title", MockData.test.events[6].title])
    }

    @Test("an unknown event shows a not-found error and no event")
    func unknownEvent() async {
        let viewModel = makeViewModel(eventID: 999)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.notFound("event 999").description])
        #expect(viewModel.outputs.event.value == nil)
        #expect(viewModel.outputs.isLoading.value == false)
    }

    @Test("refresh fetches again and shows the new copy")
    func refreshFetchesAgain() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let events = Recorder(viewModel.outputs.event)

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        events.assertValueCount(2)
        #expect(fetcher.requestedCursors == ["event 7", "event 7"])
    }

    @Test("commentsTapped asks to show this event's comments")
    func commentsTapped() {
        let viewModel = makeViewModel(eventID: 42)
        let showComments = Recorder(viewModel.navigation.showComments)

        viewModel.inputs.commentsTapped()

        showComments.assertValues([42])
    }
}
