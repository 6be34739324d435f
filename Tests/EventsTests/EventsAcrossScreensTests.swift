import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Events

/// The list and a detail on one cache, as the app has them: what one screen changes, the other
/// shows, within the work of the screen that made the change.
@MainActor
@Suite("Events: list and detail on one cache")
struct EventsAcrossScreensTests {
    let useCase = EventsUseCase(
        service: MockEventsService.unimplemented {
            $0.fetchEvents = .fixtures
            $0.fetchEvent = .fixtures
            $0.rsvp = .fixtures
        }, cache: InMemoryListCache<Event>())
    let sessions = SessionStore.test(.demo())

    @Test("given the list under a detail, when Alice RSVPs on the detail, then the list's row shows the new count once the RSVP's work is done")
    func rsvpUpdatesTheList() async {
        let list = EventsListViewModel(dependency: .init(fetcher: useCase, loader: useCase, sessions: sessions, environment: .test()))
        list.inputs.viewDidLoad()
        await list.work.waitUntilIdle()
        let going = Recorder(list.outputs.rows.map { $0[3].attendeeCount })
        let detail = EventDetailViewModel(
            eventID: 4, dependency: .init(fetcher: useCase, loader: useCase, rsvp: useCase, sessions: sessions, environment: .test())
        )
        detail.inputs.viewDidLoad()
        await detail.work.waitUntilIdle()
        let before = MockData.test.events[3].attendeeCount
        let isGoing = MockData.test.attends(userID: 1, eventID: 4)

        detail.inputs.rsvpTapped(going: !isGoing)
        await detail.work.waitUntilIdle()

        going.assertValues([before, before + (isGoing ? -1 : 1)])
        #expect(list.work.isIdle, "the list had nothing to wait for")
    }

    @Test("given a detail open, when the list is refreshed, then the detail keeps its event and nothing is sent twice")
    func refreshDoesNotDisturbTheDetail() async {
        let list = EventsListViewModel(dependency: .init(fetcher: useCase, loader: useCase, sessions: sessions, environment: .test()))
        list.inputs.viewDidLoad()
        await list.work.waitUntilIdle()
        let detail = EventDetailViewModel(
            eventID: 2, dependency: .init(fetcher: useCase, loader: useCase, rsvp: useCase, sessions: sessions, environment: .test())
        )
        detail.inputs.viewDidLoad()
        await detail.work.waitUntilIdle()
        let shown = Recorder(detail.outputs.event)

        list.inputs.refresh()
        await list.work.waitUntilIdle()

        shown.assertValueCount(1)
    }
}
