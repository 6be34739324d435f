import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Events

@MainActor
@Suite("Event detail ViewModel")
struct EventDetailViewModelTests {
    let cache = InMemoryListCache<Event>()
    let fetcher: EventsFetcherSpy
    let loader: CacheLoader
    let rsvp: RSVPSpy
    let sessions = SessionStore.test()

    init() {
        fetcher = EventsFetcherSpy(expecting: [.event], cache: cache)
        loader = CacheLoader(expecting: [.event], cache: cache)
        rsvp = RSVPSpy(expecting: [], cache: cache)
    }

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
        let gate = fetcher.plan.hold(request: 0)
        let viewModel = makeViewModel()
        let titles = Recorder(viewModel.outputs.event.map { $0?.title })

        viewModel.inputs.viewDidLoad()
        await titles.waitForValues(count: 2)
        gate.open()
        await viewModel.work.waitUntilIdle()

        titles.assertValues([nil, "Old title", MockData.test.events[6].title])
    }

    @Test("given the page names who is going, when a copy naming others is written (a refresh of the list), then the page names those")
    func newNamesReplace() async {
        var told = MockData.test.events[6]
        told.attendees = [Author(id: 1, name: "Alice Martin")]
        await loader.cache.store(told)
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let names = Recorder(viewModel.outputs.event.map { $0?.attendees.map(\.name) })

        told.attendees = [Author(id: 3, name: "Carol Nguyen"), Author(id: 1, name: "Alice Martin")]
        await loader.cache.store(told)
        await names.waitForValues(count: 2)

        #expect(viewModel.outputs.event.value?.attendees.map(\.name) == ["Carol Nguyen", "Alice Martin"])
    }

    @Test("an unknown event shows a not-found error and no event, then asks to close the screen")
    func unknownEvent() async {
        let viewModel = makeViewModel(eventID: 999)
        let errors = Recorder(viewModel.outputs.showError)
        let close = Recorder(viewModel.navigation.close)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.notFound("event 999").description])
        close.assertValueCount(1)
        #expect(viewModel.outputs.event.value == nil)
        #expect(viewModel.outputs.isLoading.value == false)
    }

    @Test("given a cached copy, when the server says the event is gone, then the error shows and the screen stays with what it has")
    func goneButCached() async {
        let template = Event.template
        let cached = Event(
            id: 999, title: "Gone since", summary: template.summary, venue: template.venue, startsAt: template.startsAt,
            endsAt: template.endsAt, hostID: template.hostID, attendeeCount: 1, commentCount: 0
        )
        await loader.cache.store(cached)
        let viewModel = makeViewModel(eventID: 999)
        let close = Recorder(viewModel.navigation.close)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValueCount(1)
        close.assertDidNotEmitValue()
        #expect(viewModel.outputs.event.value != nil)
    }

    @Test("given any other failure, when the event loads, then the screen stays, so refresh can try again")
    func offlineStays() async {
        fetcher.plan.fail(request: 0, with: .offline)
        let viewModel = makeViewModel()
        let close = Recorder(viewModel.navigation.close)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        close.assertDidNotEmitValue()
    }

    @Test("refresh fetches again and shows the new copy; an unchanged copy is not sent again")
    func refreshFetchesAgain() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let titles = Recorder(viewModel.outputs.event.map { $0?.title })

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()
        var stale = MockData.test.events[6]
        stale.title = "Stale"
        await cache.store(stale)
        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        titles.assertValues([MockData.test.events[6].title, "Stale", MockData.test.events[6].title])
        #expect(fetcher.requestedCursors == ["event 7", "event 7", "event 7"])
    }

    @Test("given the event on screen, when its cached copy changes underneath, then the screen shows it by the time the write returns")
    func followsTheCache() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        var changed = MockData.test.events[6]
        changed.commentCount += 1

        await cache.store(changed)

        #expect(viewModel.outputs.event.value?.commentCount == changed.commentCount)
    }

    @Test("given a fetch in flight, when the cache changes, then the change shows when the fetch ends, not before")
    func changeDuringFetchWaitsForIt() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let gate = fetcher.plan.hold(request: 1)
        let titles = Recorder(viewModel.outputs.event.map { $0?.title })
        var renamed = MockData.test.events[6]
        renamed.title = "Renamed elsewhere"

        viewModel.inputs.refresh()
        await cache.store(renamed)
        titles.assertValues([MockData.test.events[6].title], "held while the refresh runs")
        gate.open()
        await viewModel.work.waitUntilIdle()

        titles.assertValues([MockData.test.events[6].title], "the fresh copy the refresh wrote wins")
    }

    @Test("given a refresh replaced by a newer one, when the older fails late, then its answer changes nothing")
    func lateRefreshIgnored() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let slow = fetcher.plan.hold(request: 1)
        fetcher.plan.fail(request: 1, with: .offline)
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.refresh()
        viewModel.inputs.refresh()
        slow.open()
        await viewModel.work.waitUntilIdle()

        isLoading.assertValues([false, true, false], "the newer refresh ended the loading, once")
        errors.assertDidNotEmitValue("the older refresh's failure is not shown")
        #expect(fetcher.requestedCursors == ["event 7", "event 7", "event 7"])
    }

    @Test("commentsTapped asks to show this event's comments")
    func commentsTapped() {
        let viewModel = makeViewModel(eventID: 42)
        let showComments = Recorder(viewModel.navigation.showComments)

        viewModel.inputs.commentsTapped()

        showComments.assertValues([42])
    }
}
