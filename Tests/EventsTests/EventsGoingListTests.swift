import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Events

/// The member's own list (``EventsFilter/going``): the events they go to, those they host
/// included, kept right by their RSVPs and gone when they log out.
@MainActor
@Suite("Events: the list of the events the member goes to")
struct EventsGoingListTests {
    let cache = InMemoryListCache<Event>()
    let alice = Session.demo()

    /// The fixture events Alice goes to, soonest first: what her first page holds.
    private var alicesEvents: [Event.ID] {
        MockData.test.events.filter { MockData.test.attends(userID: alice.user.id, eventID: $0.id) }.prefix(EventsRequest.defaultLimit).map(\.id)
    }

    private func useCase() -> EventsUseCase {
        EventsUseCase(
            service: MockEventsService.unimplemented {
                $0.fetchEvents = .fixtures
                $0.rsvp = .fixtures
            }, cache: cache)
    }

    @Test("given Alice logged in, when her events are fetched, then the list holds those she goes to, soonest first, each marked as hers")
    func fetchKeepsHerEvents() async throws {
        let useCase = useCase()
        #expect(alicesEvents.count > 3, "the fixtures give Alice several events")

        let page = try await useCase.fetchEvents(.going, after: nil, viewer: alice.token)

        #expect(page.items.map(\.id) == alicesEvents)
        #expect(page.items.allSatisfy { $0.isGoing })
        #expect(await cache.items(in: "events/going").map(\.id) == alicesEvents)
        #expect(await cache.items(in: "events").isEmpty, "the list of every event is another")
    }

    @Test("given nobody logged in, when the member's events are fetched, then unauthorized, with no request")
    func nobodysEvents() async {
        // No endpoint is implemented: a request would fail the test, naming it.
        let useCase = EventsUseCase(service: MockEventsService.unimplemented(), cache: cache)

        await #expect(throws: ServiceError.unauthorized) { try await useCase.fetchEvents(.going, after: nil, viewer: nil) }
    }

    @Test(
        "given Alice's list, when she says she goes to another event, then it joins her list in date order; when she no longer goes to one, then it leaves it"
    )
    func rsvpsKeepHerList() async throws {
        let useCase = useCase()
        _ = try await useCase.fetchEvents(.going, after: nil, viewer: alice.token)
        let last = try #require(alicesEvents.last)
        let newcomer = try #require(
            MockData.test.events.first { $0.id < last && !MockData.test.attends(userID: alice.user.id, eventID: $0.id) })
        let leaving = try #require(
            MockData.test.events.first { alicesEvents.contains($0.id) && $0.hostID != alice.user.id })

        _ = try await useCase.rsvp(eventID: newcomer.id, going: true, token: alice.token)
        let joined = await cache.items(in: "events/going").map(\.id)
        _ = try await useCase.rsvp(eventID: leaving.id, going: false, token: alice.token)
        let left = await cache.items(in: "events/going").map(\.id)

        let inDateOrder = MockData.test.events.map(\.id).filter { (alicesEvents + [newcomer.id]).contains($0) }
        #expect(joined == inDateOrder)
        #expect(left == inDateOrder.filter { $0 != leaving.id })
    }

    @Test("given Alice's list, when her session's data is cleared (she logged out), then the list is gone and the list of every event stays")
    func logoutForgetsHerList() async throws {
        let useCase = useCase()
        _ = try await useCase.fetchEvents(.upcoming, after: nil, viewer: alice.token)
        _ = try await useCase.fetchEvents(.going, after: nil, viewer: alice.token)

        await useCase.clearRSVPs()

        #expect(await cache.items(in: "events/going").isEmpty)
        #expect(await cache.items(in: "events").count == EventsRequest.defaultLimit)
    }

    @Test(
        "given nobody logged in, when the member's list loads, then nothing is asked for and it needs a login, with no error; after a login, when it shows again, then her events are listed"
    )
    func waitsForALogin() async {
        let fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        let sessions = SessionStore.test()
        let viewModel = EventsListViewModel(
            filter: .going,
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.events(.going)], cache: cache), sessions: sessions, environment: .test()))
        let needsLogin = Recorder(viewModel.outputs.needsLogin)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        #expect(fetcher.requestedCursors.isEmpty)
        needsLogin.assertValues([false, true])

        sessions.begin(alice)
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        needsLogin.assertValues([false, true, false])
        errors.assertDidNotEmitValue()

        #expect(viewModel.outputs.filter == .going)
        #expect(fetcher.filters == [.going])
        #expect(fetcher.viewers == [alice.token])
        #expect(viewModel.outputs.rows.value.map(\.id) == alicesEvents)
    }

    @Test(
        "given Alice's list shown, when she logs out, then it empties, needs a login and asks for nothing, also on refresh; when she logs in again and it shows, then it loads as her"
    )
    func logoutStopsHerList() async {
        let fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        let sessions = SessionStore.test(alice)
        let viewModel = EventsListViewModel(
            filter: .going,
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.events(.going)], cache: cache), sessions: sessions, environment: .test()))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let needsLogin = Recorder(viewModel.outputs.needsLogin)

        sessions.end()
        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value.isEmpty)
        #expect(!viewModel.outputs.isEmpty.value, "no 'not going to any event': nobody is there to go")
        needsLogin.assertValues([false, true])
        #expect(fetcher.viewers == [alice.token])

        sessions.begin(alice)
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        #expect(fetcher.viewers == [alice.token, alice.token])
        #expect(viewModel.outputs.rows.value.map(\.id) == alicesEvents)
        #expect(viewModel.outputs.needsLogin.value == false)
    }
}
