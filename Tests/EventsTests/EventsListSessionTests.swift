import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Events

@MainActor
@Suite("Events list ViewModel: the rows say whether the member is going")
struct EventsListSessionTests {
    let cache = InMemoryListCache<Event>()
    let fetcher: EventsFetcherSpy
    let sessions: SessionStore
    let viewModel: EventsListViewModel

    /// Whether Alice goes to each event of the first page, by the fixtures.
    let alicesRSVPs = MockData.test.events.prefix(EventsRequest.defaultLimit).map { MockData.test.attends(userID: 1, eventID: $0.id) }
    let nobodysRSVPs = Array(repeating: false, count: EventsRequest.defaultLimit)

    init() {
        self.init(loggedIn: nil)
    }

    private init(loggedIn session: Session?) {
        fetcher = EventsFetcherSpy(expecting: [.eventsPages], cache: cache)
        sessions = .test(session)
        viewModel = EventsListViewModel(
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.events(.upcoming)], cache: cache), sessions: sessions, environment: .test()))
    }

    @Test(
        "given the list shown to no one, when Alice logs in on another screen and the list reappears, then its first page is asked for again as her and the rows show her RSVPs, with no 'up to date'"
    )
    func loginShowsTheMembersRSVPs() async {
        #expect(alicesRSVPs.contains(true), "the fixtures give Alice an event on the first page")
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let going = Recorder(viewModel.outputs.rows.map { $0.map(\.isGoing) })
        let upToDate = Recorder(viewModel.outputs.showUpToDate)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()
        #expect(fetcher.requestedCursors == [nil], "a list under another screen asks for nothing")
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        going.assertValues([nobodysRSVPs, alicesRSVPs])
        upToDate.assertValueCount(0)
        #expect(fetcher.viewers == [nil, Session.demo().token])
    }

    @Test("given Alice's list, when it reappears with her still logged in, then nothing is asked for")
    func reappearingAsTheSameMember() async {
        let suite = EventsListSessionTests(loggedIn: .demo())
        suite.viewModel.inputs.viewDidLoad()
        await suite.viewModel.work.waitUntilIdle()

        suite.viewModel.inputs.viewDidReappear()
        await suite.viewModel.work.waitUntilIdle()

        #expect(suite.fetcher.viewers == [Session.demo().token])
    }

    @Test("given Alice's list, when she logs out, then nothing is asked for; when she logs in again and it reappears, then it loads again as her")
    func logoutThenLoginAgain() async {
        let suite = EventsListSessionTests(loggedIn: .demo())
        suite.viewModel.inputs.viewDidLoad()
        await suite.viewModel.work.waitUntilIdle()

        suite.sessions.end()
        suite.viewModel.inputs.viewDidReappear()
        await suite.viewModel.work.waitUntilIdle()
        #expect(suite.fetcher.viewers == [Session.demo().token], "her RSVPs leave the cache, which the rows follow")
        suite.sessions.begin(.demo())
        suite.viewModel.inputs.viewDidReappear()
        await suite.viewModel.work.waitUntilIdle()

        #expect(suite.fetcher.viewers == [Session.demo().token, Session.demo().token])
        #expect(suite.viewModel.outputs.rows.value.map(\.isGoing) == alicesRSVPs)
    }

    @Test("given Alice's list, when she logs in again with a new token, then nothing is asked for again, and the next page is asked for with the new token")
    func newTokenForTheSameMember() async {
        let suite = EventsListSessionTests(loggedIn: .demo())
        suite.viewModel.inputs.viewDidLoad()
        await suite.viewModel.work.waitUntilIdle()
        let renewed = Session(token: AccessToken("oss.1.renewed"), user: Session.demo().user)

        suite.sessions.begin(renewed)
        suite.viewModel.inputs.viewDidReappear()
        await suite.viewModel.work.waitUntilIdle()
        suite.viewModel.inputs.willDisplayRow(19, outOf: 20)
        await suite.viewModel.work.waitUntilIdle()

        #expect(suite.fetcher.requestedCursors.count == 2)
        #expect(suite.fetcher.requestedCursors.last != nil)
        #expect(suite.fetcher.viewers == [Session.demo().token, renewed.token])
    }

    @Test("given a first page on its way to no one, when Alice logs in and the list reappears, then that page is dropped and hers is shown")
    func loginDuringTheFirstPage() async {
        let firstPage = fetcher.plan.hold(request: 0)
        viewModel.inputs.viewDidLoad()
        await fetcher.plan.waitForRequests(count: 1)

        sessions.begin(.demo())
        viewModel.inputs.viewDidReappear()
        firstPage.open()
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value.map(\.isGoing) == alicesRSVPs)
        #expect(fetcher.viewers == [nil, Session.demo().token])
    }

    @Test("given a refresh on its way to Alice, when she logs out, then the page is asked for again as no one")
    func logoutDuringAPage() async {
        let suite = EventsListSessionTests(loggedIn: .demo())
        suite.viewModel.inputs.viewDidLoad()
        await suite.viewModel.work.waitUntilIdle()
        let refresh = suite.fetcher.plan.hold(request: 1)
        suite.viewModel.inputs.refresh()
        await suite.fetcher.plan.waitForRequests(count: 2)

        suite.sessions.end()
        refresh.open()
        await suite.viewModel.work.waitUntilIdle()

        #expect(suite.fetcher.viewers == [Session.demo().token, Session.demo().token, nil])
        #expect(suite.viewModel.outputs.rows.value.map(\.isGoing) == nobodysRSVPs)
    }
}
