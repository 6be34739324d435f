import Activities
import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

/// The feed of a logged-in user: loading, paging, refreshing, tapping, failing.
@MainActor
@Suite("Activities ViewModel: the feed")
struct ActivitiesViewModelTests {
    let fetcher = ActivitiesFetcherSpy(expecting: [Members.alice.user.id])
    let loader: CacheLoader
    let sessions = SessionStore.test(Members.alice)

    init() {
        loader = CacheLoader(expecting: [Members.alice.user.id], cache: fetcher.cache)
    }

    /// A ViewModel over ``fetcher``, or over `fetcher` and a loader of its cache.
    private func makeViewModel(fetcher: ActivitiesFetcherSpy? = nil) -> ActivitiesViewModel {
        let loader = fetcher.map { CacheLoader(expecting: [Members.alice.user.id], cache: $0.cache) } ?? self.loader
        return ActivitiesViewModel(dependency: .init(fetcher: fetcher ?? self.fetcher, loader: loader, sessions: sessions, environment: .test()))
    }

    /// Alice's whole feed as the fixtures have it, newest first.
    private let aliceFeed = MockData.test.activities(for: 1)

    @Test("the fixtures give Alice a feed of several pages and Frank none")
    func fixtures() {
        #expect(aliceFeed.count > 2 * ActivitiesRequest.defaultLimit)
        #expect(MockData.test.activities(for: 6).isEmpty)
    }

    // MARK: viewDidLoad

    @Test("given Alice is logged in, when the feed loads, then loading, then her newest 20 activities with more to come")
    func viewDidLoadLoadsFirstPage() async {
        let viewModel = makeViewModel()
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let emptyState = Recorder(viewModel.outputs.emptyState)
        let userName = Recorder(viewModel.outputs.userName)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        rows.assertValues([[], aliceFeed.prefix(20).map(\.id)])
        isLoading.assertValues([false, true, false])
        hasMore.assertValues([false, true])
        emptyState.assertValues([nil])
        userName.assertValues([nil, "Alice Martin"])
        errors.assertDidNotEmitValue()
        #expect(fetcher.requests == [FeedRequest(cursor: nil, userID: 1)])
    }

    @Test("given a cached feed, when the feed loads, then the cached rows at once, then the fresh page replaces them")
    func cachedRowsFirst() async {
        let cached = Array(aliceFeed.suffix(3))
        await loader.cache.replace("activities/1", with: cached)
        let gate = fetcher.plan.hold(request: 0)
        let viewModel = makeViewModel()
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.viewDidLoad()
        await isLoading.waitForValues(count: 2)
        rows.assertValues([[], cached.map(\.id)], "the cached rows, before the first page was asked for")
        #expect(viewModel.outputs.isLoading.value, "still loading the fresh page")

        gate.open()
        await viewModel.work.waitUntilIdle()
        rows.assertValues([[], cached.map(\.id), aliceFeed.prefix(20).map(\.id)])
    }

    @Test("when the feed loads, then the cache is read for the logged-in user only")
    func cacheIsPerUser() async {
        let viewModel = makeViewModel()

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        #expect(loader.requestedUserIDs == [1])
    }

    @Test("given the feed is loaded, when viewDidLoad comes again, then nothing is requested again")
    func viewDidLoadOnce() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        rows.assertValueCount(1)
        #expect(fetcher.requests.count == 1)
    }

    // MARK: willDisplayRow

    @Test("when a row near the end is displayed, then the next page is appended; a row elsewhere asks for nothing")
    func willDisplayRowPaginates() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.willDisplayRow(10, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20])
        #expect(fetcher.requests.count == 1)

        viewModel.inputs.willDisplayRow(17, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20, 40])
        #expect(viewModel.outputs.rows.value.map(\.id) == aliceFeed.prefix(40).map(\.id))
        #expect(fetcher.requests.map(\.userID) == [1, 1])
        #expect(fetcher.requestedCursors[1] != nil)
    }

    @Test("when every page is loaded, then there are no more pages, no more requests, and every activity once, newest first")
    func wholeFeed() async {
        let viewModel = makeViewModel()
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        let pageCount = (aliceFeed.count + 19) / 20
        for _ in 0..<(pageCount + 2) {
            let count = viewModel.outputs.rows.value.count
            viewModel.inputs.willDisplayRow(count - 1, outOf: count)
            await viewModel.work.waitUntilIdle()
        }

        let ids = viewModel.outputs.rows.value.map(\.id)
        #expect(ids == aliceFeed.map(\.id))
        #expect(Set(ids).count == ids.count)
        let dates = ids.compactMap { id in aliceFeed.first { $0.id == id }?.occurredAt }
        #expect(dates == dates.sorted(by: >), "newest first")
        #expect(fetcher.requests.count == pageCount)
        hasMore.assertValues([false, true, false])
    }

    @Test("given pages that overlap, when the next page arrives, then an activity already shown is not shown again")
    func overlappingPagesDeduplicate() async {
        let feed = (0..<30).map { Activity.make(id: 100 + $0, minutesAgo: $0) }
        let overlapping = ActivitiesFetcherSpy(pages: [Array(feed[0..<20]), Array(feed[15..<30])])
        let viewModel = makeViewModel(fetcher: overlapping)
        let rowIDs = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()

        rowIDs.assertValues([[], Array(100..<120), Array(100..<130)])
        #expect(overlapping.requestedCursors == [nil, "page 1"])
    }

    // MARK: refresh

    @Test("when refresh is asked for, then the first page is loaded again and replaces the rows")
    func refreshReplacesRows() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        rowCount.assertValues([40, 20])
        isLoading.assertValues([false, true, false])
        #expect(fetcher.requestedCursors.last == .some(nil))
        #expect(viewModel.outputs.hasMorePages.value)
    }

    @Test("when refresh comes while a next page is in flight, then the late page is dropped")
    func refreshCancelsPageInFlight() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let slowPage = fetcher.plan.hold(request: 1)

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        viewModel.inputs.refresh()
        slowPage.open()
        await viewModel.work.waitUntilIdle()

        #expect(viewModel.outputs.rows.value.map(\.id) == aliceFeed.prefix(20).map(\.id))
    }

    // MARK: rowTapped

    @Test("when a row is tapped, then a comment opens the event's comments, an RSVP or starting-soon opens the event")
    func rowTappedRoutesByKind() async {
        let page = [
            Activity.make(id: 1, kind: .commented, minutesAgo: 1, eventID: 11, excerpt: "See you there"),
            Activity.make(id: 2, kind: .rsvped, minutesAgo: 2, eventID: 12),
            Activity.make(id: 3, kind: .startingSoon, minutesAgo: 3, eventID: 13),
        ]
        let viewModel = makeViewModel(fetcher: ActivitiesFetcherSpy(pages: [page]))
        let showRoute = Recorder(viewModel.navigation.showRoute)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        viewModel.inputs.rowTapped(1)
        viewModel.inputs.rowTapped(2)
        viewModel.inputs.rowTapped(3)

        showRoute.assertValues([.eventComments(eventID: 11), .event(id: 12), .event(id: 13)])
    }

    @Test("when a row that is not there is tapped, then it says so and opens nothing")
    func rowTappedOutOfRange() async {
        let viewModel = makeViewModel()
        let showRoute = Recorder(viewModel.navigation.showRoute)
        let errors = Recorder(viewModel.outputs.showError)
        let last = Activity.ID(20)
        viewModel.inputs.rowTapped(last)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let row = viewModel.outputs.rows.value[19]

        viewModel.inputs.rowTapped(-1)
        viewModel.inputs.rowTapped(row.id)

        showRoute.assertValues([row.route])
        errors.assertValues(["That activity is no longer in the list.", "That activity is no longer in the list."])
    }

    // MARK: Errors

    @Test("given the first page fails, then the error is shown, loading stops, and neither rows nor an empty state appear")
    func firstPageFails() async {
        fetcher.plan.fail(request: 0, with: .offline)
        let viewModel = makeViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let emptyState = Recorder(viewModel.outputs.emptyState)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.offline.description])
        isLoading.assertValues([false, true, false])
        emptyState.assertValues([nil], "a failure is not an empty feed")
        #expect(viewModel.outputs.rows.value.isEmpty)
        #expect(sessions.session.value == Members.alice, "only a 401 ends the session")
    }

    @Test("given a next page fails, then the error is shown with the rows kept, and the next scroll retries it")
    func nextPageFailsKeepsRows() async {
        fetcher.plan.fail(request: 1, with: .server(status: 503))
        let viewModel = makeViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        errors.assertValues([ServiceError.server(status: 503).description])
        #expect(viewModel.outputs.rows.value.map(\.id) == aliceFeed.prefix(20).map(\.id))
        #expect(viewModel.outputs.hasMorePages.value)

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        #expect(viewModel.outputs.rows.value.count == 40)
        #expect(fetcher.requestedCursors[1] == fetcher.requestedCursors[2])
    }

    @Test("given a refresh fails, then the error is shown and the rows on screen stay")
    func refreshFailsKeepsRows() async {
        fetcher.plan.fail(request: 1, with: .timeout)
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.timeout.description])
        rows.assertValueCount(1)
        #expect(viewModel.outputs.rows.value.count == 20)
    }
}
