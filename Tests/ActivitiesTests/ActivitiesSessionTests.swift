import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Activities
@testable import ActivitiesREPL

/// The feed follows who is logged in: logged-out and empty states, login and logout on the
/// screen, an expired session.
@MainActor
@Suite("Activities ViewModel: following the session")
struct ActivitiesSessionTests {
    /// Alice, Bob and Frank log in and out here; each test says whose feed it asked for.
    let fetcher = ActivitiesFetcherSpy(expecting: Self.members)
    let loader: CacheLoader
    private static let members: Set<User.ID> = [Members.alice.user.id, Members.bob.user.id, Members.frank.user.id]

    init() {
        loader = CacheLoader(expecting: Self.members, cache: fetcher.cache)
    }

    private func makeViewModel(sessions: SessionStore) -> ActivitiesViewModel {
        ActivitiesViewModel(dependency: .init(fetcher: fetcher, loader: loader, sessions: sessions, environment: .test()))
    }

    private var aliceFirstPage: [Activity.ID] { MockData.test.activities(for: 1).prefix(20).map(\.id) }

    // MARK: Logged out and empty

    @Test("given nobody is logged in, when the feed loads, then the logged-out state and no request")
    func loggedOut() async {
        let viewModel = makeViewModel(sessions: .test())
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let rows = Recorder(viewModel.outputs.rows)
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let userName = Recorder(viewModel.outputs.userName)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([nil, .loggedOut])
        rows.assertValueCount(1)
        isLoading.assertValues([false])
        hasMore.assertValues([false])
        userName.assertValues([nil])
        #expect(fetcher.requests.isEmpty)
        #expect(loader.requestedUserIDs.isEmpty)
    }

    @Test("the logged-out and the empty states each say what to do, in the REPL's words")
    func emptyStateMessages() {
        #expect(ActivitiesScreen.message(for: .loggedOut) == "Log in to see what is happening at the events you attend and host. Type `login`.")
        #expect(ActivitiesScreen.message(for: .noActivity) == "Nothing here yet. RSVP to an event to follow its comments: `open agora://events`.")
    }

    @Test("given Frank, who attends nothing, when the feed loads, then the no-activity state and no more pages")
    func frankHasEmptyFeed() async {
        let viewModel = makeViewModel(sessions: .test(Members.frank))
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let rows = Recorder(viewModel.outputs.rows.map(\.count))
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let userName = Recorder(viewModel.outputs.userName)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([nil, .noActivity])
        rows.assertValues([0])
        hasMore.assertValues([false])
        userName.assertValues([nil, "Frank Newman"])
        #expect(fetcher.requests == [FeedRequest(cursor: nil, userID: 6)])
    }

    @Test("given nobody is logged in, when refresh is asked for, then the logged-out state is said again and nothing is requested")
    func refreshLoggedOut() async {
        let viewModel = makeViewModel(sessions: .test())
        viewModel.inputs.viewDidLoad()
        let emptyState = Recorder(viewModel.outputs.emptyState)

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([.loggedOut, .loggedOut])
        #expect(fetcher.requests.isEmpty)
    }

    @Test("given nobody is logged in, when a row is displayed, then nothing is requested")
    func willDisplayRowLoggedOut() async {
        let viewModel = makeViewModel(sessions: .test())
        viewModel.inputs.viewDidLoad()
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.willDisplayRow(0, outOf: 1)
        await viewModel.work.waitUntilIdle()

        isLoading.assertValues([false])
        #expect(fetcher.requests.isEmpty)
    }

    // MARK: Login and logout while on the screen

    @Test("given the logged-out feed, when Alice logs in, then her feed loads and the logged-out state goes")
    func loginLoadsFeed() async {
        let sessions = SessionStore.test()
        let viewModel = makeViewModel(sessions: sessions)
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let userName = Recorder(viewModel.outputs.userName)
        viewModel.inputs.viewDidLoad()

        sessions.begin(Members.alice)
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([nil, .loggedOut, nil])
        rows.assertValues([[], aliceFirstPage])
        userName.assertValues([nil, "Alice Martin"])
        #expect(fetcher.requests == [FeedRequest(cursor: nil, userID: 1)])
    }

    @Test("given Alice's feed, when she logs out, then the rows are cleared and the logged-out state shows")
    func logoutClearsFeed() async {
        let sessions = SessionStore.test(Members.alice)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows.map(\.count))
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let userName = Recorder(viewModel.outputs.userName)

        sessions.end()
        await viewModel.work.waitUntilIdle()

        rows.assertValues([40, 0])
        emptyState.assertValues([nil, .loggedOut])
        hasMore.assertValues([true, false])
        userName.assertValues(["Alice Martin", nil])
        #expect(fetcher.requests.count == 2)
    }

    @Test("given a page in flight, when the user logs out, then its late answer never reaches the screen")
    func logoutDropsPageInFlight() async {
        let sessions = SessionStore.test(Members.alice)
        let gate = fetcher.plan.hold(request: 0)
        let viewModel = makeViewModel(sessions: sessions)
        let rows = Recorder(viewModel.outputs.rows.map(\.count))
        let isLoading = Recorder(viewModel.outputs.isLoading)
        viewModel.inputs.viewDidLoad()
        await isLoading.waitForValues(count: 2)  // the first page is in flight

        sessions.end()
        gate.open()
        await viewModel.work.waitUntilIdle()

        rows.assertValues([0])
        isLoading.assertValues([false, true, false])
        #expect(viewModel.outputs.emptyState.value == .loggedOut)
    }

    @Test("given Alice's feed, when Bob logs in instead, then Bob's feed replaces hers")
    func switchingAccounts() async {
        let sessions = SessionStore.test(Members.alice)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let userName = Recorder(viewModel.outputs.userName)

        sessions.begin(Members.bob)
        await viewModel.work.waitUntilIdle()

        let bobFirstPage = MockData.test.activities(for: 2).prefix(20).map(\.id)
        rows.assertValues([aliceFirstPage, [], bobFirstPage])
        userName.assertValues(["Alice Martin", "Bob Okafor"])
        #expect(fetcher.requests.map(\.userID) == [1, 2])
        #expect(loader.requestedUserIDs == [1, 2])
    }

    @Test("given Alice's feed, when Frank logs in instead, then the no-activity state shows")
    func switchingToEmptyFeed() async {
        let sessions = SessionStore.test(Members.alice)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let emptyState = Recorder(viewModel.outputs.emptyState)

        sessions.begin(Members.frank)
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([nil, .noActivity])
        #expect(viewModel.outputs.rows.value.isEmpty)
    }

    @Test("given Alice's feed, when the same session is announced again, then the feed is not loaded again")
    func sameSessionAgain() async {
        let sessions = SessionStore.test(Members.alice)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows)

        sessions.begin(Members.alice)
        await viewModel.work.waitUntilIdle()

        rows.assertValueCount(1)
        #expect(fetcher.requests.count == 1)
    }

    // MARK: loginTapped

    @Test("given the logged-out feed, when login is tapped, then the login screen is asked for, and the feed loads after the login")
    func loginTappedAsksForLogin() async {
        let sessions = SessionStore.test()
        let viewModel = makeViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        viewModel.inputs.viewDidLoad()

        viewModel.inputs.loginTapped()
        showLogin.assertValueCount(1)
        #expect(fetcher.requests.isEmpty)

        sessions.begin(Members.alice)
        await viewModel.work.waitUntilIdle()
        #expect(viewModel.outputs.rows.value.map(\.id) == aliceFirstPage)
        #expect(fetcher.requests.count == 1, "the resumed login and the session change load the feed once")
    }

    @Test("given Alice is logged in, when login is tapped, then she is told so and no login is asked for", .exhaustiveRecorders)
    func loginTappedWhenLoggedIn() async {
        let viewModel = makeViewModel(sessions: .test(Members.alice))
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let alreadyLoggedIn = Recorder(viewModel.outputs.showAlreadyLoggedIn)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        viewModel.inputs.loginTapped()

        showLogin.assertDidNotEmitValue()
        alreadyLoggedIn.assertValues([Members.alice.user])
        #expect(fetcher.requests.count == 1)
    }

    // MARK: viewDidReappear

    @Test("given a login was asked for, when the feed reappears without one, then it says again that it is logged out")
    func reappearWithoutLogin() async {
        let sessions = SessionStore.test()
        let viewModel = makeViewModel(sessions: sessions)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        viewModel.inputs.viewDidLoad()
        viewModel.inputs.loginTapped()
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let alreadyLoggedIn = Recorder(viewModel.outputs.showAlreadyLoggedIn)

        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([.loggedOut, .loggedOut])
        alreadyLoggedIn.assertDidNotEmitValue()
        showLogin.assertValueCount(1)
        #expect(fetcher.requests.isEmpty)
    }

    @Test("given Frank's empty feed, when it reappears, then it says again that there is nothing yet, with no request")
    func reappearEmptyFeed() async {
        let viewModel = makeViewModel(sessions: .test(Members.frank))
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let emptyState = Recorder(viewModel.outputs.emptyState)

        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([.noActivity, .noActivity])
        #expect(fetcher.requests.count == 1)
    }

    @Test("given a login was asked for, when the feed reappears after the login, then the feed shows and no empty state is said")
    func reappearAfterLogin() async {
        let sessions = SessionStore.test()
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        viewModel.inputs.loginTapped()
        sessions.begin(Members.alice)
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let rows = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([nil])
        rows.assertValues([0, 20])
        #expect(fetcher.requests.count == 1)
    }

    // MARK: An expired session

    @Test("given the server refuses the session, then the error is shown, the session ends, the feed shows logged out, and login is asked for")
    func unauthorizedEndsSession() async {
        let sessions = SessionStore.test(Members.alice)
        fetcher.plan.fail(request: 0, with: .unauthorized)
        let viewModel = makeViewModel(sessions: sessions)
        let errors = Recorder(viewModel.outputs.showError)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.unauthorized.description])
        showLogin.assertValueCount(1)
        emptyState.assertValues([nil, .loggedOut])
        isLoading.assertValues([false, true, false])
        #expect(sessions.session.value == nil)
        #expect(viewModel.outputs.userName.value == nil)
    }

    @Test("given an expired session on a next page, when the user logs in again, then the feed loads again once, rows cleared meanwhile")
    func unauthorizedThenLoginAgain() async {
        let sessions = SessionStore.test(Members.alice)
        fetcher.plan.fail(request: 1, with: .unauthorized)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        sessions.begin(Members.alice)
        await viewModel.work.waitUntilIdle()

        rows.assertValues([20, 0, 20])
        #expect(fetcher.requestedCursors.count == 3)
        #expect(fetcher.requestedCursors.last == .some(nil))
    }

    @Test("given an expired session, when the feed reappears without a login, then it stays logged out and asks for nothing")
    func unauthorizedThenNoLogin() async {
        let sessions = SessionStore.test(Members.alice)
        fetcher.plan.fail(request: 0, with: .unauthorized)
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let emptyState = Recorder(viewModel.outputs.emptyState)

        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        emptyState.assertValues([.loggedOut, .loggedOut])
        #expect(sessions.session.value == nil)
        #expect(fetcher.requests.count == 1)
    }
}
