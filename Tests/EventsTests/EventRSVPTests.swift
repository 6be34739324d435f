import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Events

@MainActor
@Suite("Event detail ViewModel: RSVP behind a login")
struct EventRSVPTests {
    let cache = InMemoryListCache<Event>()
    let fetcher: EventsFetcherSpy
    let rsvp: RSVPSpy

    init() {
        fetcher = EventsFetcherSpy(expecting: [.event], cache: cache)
        rsvp = RSVPSpy(expecting: [7], cache: cache)
    }

    /// Event 7, loaded, for a user logged in with `session` or logged out.
    func loadedViewModel(_ session: Session? = nil) async -> (EventDetailViewModel, SessionStore) {
        let sessions = SessionStore.test(session)
        let viewModel = EventDetailViewModel(
            eventID: 7,
            dependency: .init(fetcher: fetcher, loader: CacheLoader(expecting: [.event], cache: cache), rsvp: rsvp, sessions: sessions, environment: .test())
        )
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        return (viewModel, sessions)
    }

    @Test("given Alice is logged in, when she RSVPs, then sending, the event shows her going and a message confirms it")
    func rsvpLoggedIn() async {
        let (viewModel, _) = await loadedViewModel(.demo())
        let isSending = Recorder(viewModel.outputs.isSendingRSVP)
        let going = Recorder(viewModel.outputs.event.map { $0?.isGoing })
        let messages = Recorder(viewModel.outputs.showMessage)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        viewModel.inputs.rsvpTapped(going: true)
        await viewModel.work.waitUntilIdle()

        isSending.assertValues([false, true, false])
        going.assertLastValue(true)
        messages.assertValues(["You're going to \(MockData.test.events[6].title)."])
        showLogin.assertDidNotEmitValue()
        #expect(rsvp.plan.requests == ["7 yes as oss.1.test"])
    }

    @Test("given the event's host is logged in, then the event says they host it, an RSVP is refused without a request, and after a logout no one hosts it")
    func theHostHasNoRSVP() async throws {
        let hostID = MockData.test.events[6].hostID
        let host = try #require(MockData.test.users.first { $0.id == hostID })
        let (viewModel, sessions) = await loadedViewModel(.demo(host))
        let errors = Recorder(viewModel.outputs.showError)
        #expect(viewModel.outputs.event.value?.isHost == true)

        viewModel.inputs.rsvpTapped(going: false)
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["You host this event: a host is going, with no RSVP to change."])
        #expect(rsvp.plan.requests.isEmpty, "no RSVP was sent")
        sessions.end()
        await viewModel.work.waitUntilIdle()
        #expect(viewModel.outputs.event.value?.isHost == false)
    }

    @Test("given a member who does not host the event, then the event says they do not host it")
    func aMemberIsNoHost() async throws {
        let hostID = MockData.test.events[6].hostID
        let member = try #require(MockData.test.users.first { $0.id != hostID })
        let (viewModel, _) = await loadedViewModel(.demo(member))

        #expect(viewModel.outputs.event.value?.isHost == false)
        #expect(viewModel.outputs.event.value?.hostName == MockData.test.users.first { $0.id == hostID }?.name, "it names who does")
        #expect(viewModel.outputs.event.value?.timeZone == "GMT", "the times are the test environment's, UTC")
    }

    @Test("given Alice is going, when she says no, then the event shows her not going")
    func rsvpNo() async {
        let (viewModel, _) = await loadedViewModel(.demo())
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.rsvpTapped(going: false)
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.event.value?.isGoing == false)
        messages.assertValues(["You're no longer going to \(MockData.test.events[6].title)."])
        #expect(rsvp.plan.requests == ["7 no as oss.1.test"])
    }

    @Test("given no session, when RSVP is tapped, then a login is asked for and nothing is sent yet")
    func rsvpLoggedOutAsksForLogin() async {
        let (viewModel, _) = await loadedViewModel()
        let showLogin = Recorder(viewModel.navigation.showLogin)

        viewModel.inputs.rsvpTapped(going: true)
        await viewModel.work.waitUntilIdle()

        showLogin.assertValueCount(1)
        #expect(rsvp.plan.requests.isEmpty)
    }

    @Test("given an RSVP waiting for a login, when Bob logs in, then it is sent once as Bob and the screen shows him going")
    func rsvpResumesAfterLogin() async {
        let (viewModel, sessions) = await loadedViewModel()
        viewModel.inputs.rsvpTapped(going: true)

        sessions.begin(.demo(MockData.test.users[1]))
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        #expect(rsvp.plan.requests == ["7 yes as oss.2.test"])
        #expect(viewModel.outputs.event.value?.isGoing == true)
    }

    @Test("given an RSVP waiting for a login, when the screen reappears without one, then it is dropped with a message")
    func rsvpCancelled() async {
        let (viewModel, sessions) = await loadedViewModel()
        let messages = Recorder(viewModel.outputs.showMessage)
        viewModel.inputs.rsvpTapped(going: true)

        viewModel.inputs.viewDidReappear()
        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()

        messages.assertValues(["Not logged in, so no RSVP was sent."])
        #expect(rsvp.plan.requests.isEmpty)
    }

    @Test("given the server refuses the session, when RSVP is sent, then the session ends, a login is asked for and the RSVP is retried after it")
    func rsvpUnauthorized() async {
        rsvp.plan.fail(request: 0, with: .unauthorized)
        let (viewModel, sessions) = await loadedViewModel(.demo())
        let errors = Recorder(viewModel.outputs.showError)
        let showLogin = Recorder(viewModel.navigation.showLogin)

        viewModel.inputs.rsvpTapped(going: true)
        await viewModel.work.waitUntilIdle()
        errors.assertValues([ServiceError.unauthorized.description])
        showLogin.assertValueCount(1)
        #expect(sessions.user == nil)

        sessions.begin(.demo())
        await viewModel.work.waitUntilIdle()
        #expect(rsvp.plan.requests.count == 2)
        #expect(viewModel.outputs.event.value?.isGoing == true)
    }

    @Test("given an RSVP being sent, when RSVP is tapped again, then it is refused with a message and not sent twice")
    func rsvpTwice() async {
        let gate = rsvp.plan.hold(request: 0)
        let (viewModel, _) = await loadedViewModel(.demo())
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.rsvpTapped(going: true)
        viewModel.inputs.rsvpTapped(going: true)
        gate.open()
        await viewModel.work.waitUntilIdle()

        errors.assertValues(["An RSVP is already being sent; wait for it to finish."])
        #expect(rsvp.plan.requests.count == 1)
    }

    @Test("given a loaded event, when the user logs in on another screen and it reappears, then the event is fetched again as that user")
    func loginRefreshesOnReappear() async {
        let (viewModel, sessions) = await loadedViewModel()
        #expect(viewModel.outputs.event.value?.isGoing == false)

        sessions.begin(.demo(MockData.test.users[1]))  // Bob attends event 7: (7 + 2) % 3 == 0
        await viewModel.work.waitUntilIdle()
        #expect(fetcher.requestedCursors == ["event 7"], "a covered screen does not fetch on login")
        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        #expect(fetcher.requestedCursors == ["event 7", "event 7"])
        #expect(viewModel.outputs.event.value?.isGoing == true)
    }

    @Test("given Bob sees himself going, when he logs out on this screen, then the event is fetched again as nobody")
    func logoutRefreshes() async {
        let (viewModel, sessions) = await loadedViewModel(.demo(MockData.test.users[1]))
        #expect(viewModel.outputs.event.value?.isGoing == true)

        sessions.end()
        await viewModel.work.waitUntilIdle()

        #expect(fetcher.requestedCursors == ["event 7", "event 7"])
        #expect(viewModel.outputs.event.value?.isGoing == false)
    }
}

@MainActor
@Suite("RSVP messages tell what happened")
struct RSVPMessageTests {
    nonisolated static func event(count: Int, going: Bool) -> Event {
        let template = Event.template
        return Event(
            id: template.id, title: "SQLite Deep Dive", summary: template.summary, venue: template.venue, startsAt: template.startsAt,
            endsAt: template.endsAt, hostID: template.hostID, attendeeCount: count, commentCount: 0, isGoing: going
        )
    }

    @Test(
        "the message follows the server's answer against what was shown before",
        arguments: [
            (true, event(count: 10, going: false), event(count: 11, going: true), "You're going to SQLite Deep Dive."),
            (false, event(count: 11, going: true), event(count: 10, going: false), "You're no longer going to SQLite Deep Dive."),
            (true, event(count: 11, going: true), event(count: 11, going: true), "You were already going to SQLite Deep Dive."),
            (false, event(count: 10, going: false), event(count: 10, going: false), "You were not going to SQLite Deep Dive; nothing changed."),
        ])
    func message(going: Bool, before: Event, after: Event, expected: String) {
        #expect(EventDetailViewModel.rsvpMessage(going: going, before: before, after: after) == expected)
    }

    @Test(
        "given the event was shown logged out (the RSVP waited for a login), the count alone tells whether the RSVP changed anything",
        arguments: [
            (true, event(count: 11, going: false), event(count: 11, going: true), "You were already going to SQLite Deep Dive."),
            (true, event(count: 10, going: false), event(count: 11, going: true), "You're going to SQLite Deep Dive."),
            (false, event(count: 10, going: false), event(count: 10, going: false), "You were not going to SQLite Deep Dive; nothing changed."),
            (false, event(count: 11, going: false), event(count: 10, going: false), "You're no longer going to SQLite Deep Dive."),
        ])
    func messageAfterLogin(going: Bool, before: Event, after: Event, expected: String) {
        #expect(EventDetailViewModel.rsvpMessage(going: going, before: before, after: after, beforeShowsViewer: false) == expected)
    }

    @Test("with nothing shown before, the message says what was asked")
    func nothingBefore() {
        #expect(
            EventDetailViewModel.rsvpMessage(going: false, before: nil, after: Self.event(count: 3, going: false))
                == "You're no longer going to SQLite Deep Dive.")
    }
}
