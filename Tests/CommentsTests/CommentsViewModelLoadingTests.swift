import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import Comments

@MainActor
@Suite("Comments ViewModel: loading and pages")
struct CommentsViewModelLoadingTests {
    let world = CommentsWorld()

    func makeViewModel(eventID: Event.ID = CommentsFixtures.busyEventID, sessions: SessionStore = .test()) -> CommentsViewModel {
        CommentsViewModel(
            eventID: eventID,
            dependency: world.dependency(sessions: sessions)
        )
    }

    private func ids(_ comments: [Comment]) -> [CommentRow.ID] {
        comments.map { .comment($0.id) }
    }

    @Test("given no cache, when viewDidLoad, then loading, then the newest 20 comments, with more to come")
    func viewDidLoadLoadsFirstPage() async {
        let viewModel = makeViewModel()
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let isEmpty = Recorder(viewModel.outputs.isEmpty)
        let errors = Recorder(viewModel.outputs.showError)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        let page = CommentsFixtures.firstPage()
        rows.assertValues([[], ids(page.items)])
        isLoading.assertValues([false, true, false])
        hasMore.assertValues([false, true])
        isEmpty.assertValues([false])
        errors.assertDidNotEmitValue()
        #expect(world.pages.requests == [nil])
        #expect(page.items.count == 20)
    }

    @Test("given the event in the events cache, when viewDidLoad, then its title is an output, read with no request")
    func eventTitleFromTheCache() async throws {
        let event = try #require(MockData.test.event(id: CommentsFixtures.busyEventID))
        await world.events.store(event)
        let viewModel = makeViewModel()
        let title = Recorder(viewModel.outputs.eventTitle)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        title.assertValues([nil, event.title])
        #expect(world.pages.requests == [nil], "no request for the title")
    }

    @Test("given a loaded page, then each row shows author, body, time in the user's locale, and is posted")
    func rowContents() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        let comment = CommentsFixtures.firstPage().items[0]
        let row = viewModel.outputs.rows.value[0]
        #expect(row.authorName == comment.author.name)
        #expect(row.body == comment.body)
        #expect(row.time.text == AgoraEnvironment.test().format(comment.createdAt))
        #expect(row.time.text.contains("Nov 30, 2026"), "got \(row.time.text)")
        #expect(row.status == .posted)
        #expect(row.isMine == false, "logged out: nothing is mine")
    }

    @Test("given cached comments, when viewDidLoad, then the cached rows at once, then the fresh page replaces them")
    func cachedRowsFirst() async {
        let cached = Array(CommentsFixtures.firstPage().items.suffix(3))
        await world.cache.replace("events/1/comments", with: cached)
        let gate = world.pages.hold(request: 0)
        let viewModel = makeViewModel()
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })

        viewModel.inputs.viewDidLoad()
        await rows.waitForValues(count: 2)
        rows.assertValues([[], ids(cached)])

        gate.open()
        await viewModel.work.waitUntilIdle()
        rows.assertValues([[], ids(cached), ids(CommentsFixtures.firstPage().items)])
    }

    @Test("when willDisplayRow near the end, then the next page is asked for with the first page's cursor; elsewhere nothing")
    func willDisplayRowPaginatesWithCursor() async throws {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.willDisplayRow(10, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20])
        #expect(world.pages.requests.count == 1)

        viewModel.inputs.willDisplayRow(17, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20, 40])
        let first = CommentsFixtures.firstPage()
        #expect(world.pages.requests == [nil, first.nextCursor])
        let second = try MockData.test.commentsPage(CommentsRequest(eventID: 1, cursor: first.nextCursor))
        #expect(viewModel.outputs.rows.value.map(\.id) == ids(first.items + second.items))
    }

    @Test("given 26 comments, when scrolling past the last page, then no more pages and no more requests")
    func stopsAtLastPage() async {
        let viewModel = makeViewModel(eventID: CommentsFixtures.twoPageEventID)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        for _ in 0..<3 {
            let count = viewModel.outputs.rows.value.count
            viewModel.inputs.willDisplayRow(count - 1, outOf: count)
            await viewModel.work.waitUntilIdle()
        }

        #expect(viewModel.outputs.rows.value.count == 26)
        #expect(world.pages.requests.count == 2)
        hasMore.assertValues([false, true, false])
    }

    @Test("when refresh after two pages, then the first page is loaded again and replaces the rows")
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
        #expect(world.pages.requests.last == .some(nil))
    }

    @Test("given a failing first page, when viewDidLoad, then the error, no rows and no empty state")
    func firstPageFails() async {
        world.pages.fail(request: 0, with: .offline)
        let viewModel = makeViewModel()
        let errors = Recorder(viewModel.outputs.showError)
        let isLoading = Recorder(viewModel.outputs.isLoading)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        errors.assertValues([ServiceError.offline.description])
        isLoading.assertValues([false, true, false])
        #expect(viewModel.outputs.rows.value.isEmpty)
        #expect(viewModel.outputs.isEmpty.value == false)
    }

    @Test("given an event with no comments, when viewDidLoad, then the empty state; a draft ends it")
    func emptyState() async {
        let viewModel = makeViewModel(eventID: CommentsFixtures.quietEventID, sessions: .test(.demo()))
        let isEmpty = Recorder(viewModel.outputs.isEmpty)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        isEmpty.assertValues([false, true])
        hasMore.assertValues([false])

        world.changes.fail(request: 0, with: .offline)
        viewModel.inputs.commentTextChanged("First!")
        viewModel.inputs.postButtonTapped()
        await viewModel.work.waitUntilIdle()

        isEmpty.assertValues([false, true, false], "a failed draft is a row: the list is not empty")
    }

    @Test("when viewDidReappear with nothing waiting for a login, then nothing changes and no login is asked for")
    func reappearWithNothingWaiting() async {
        let viewModel = makeViewModel()
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let rows = Recorder(viewModel.outputs.rows)
        let showLogin = Recorder(viewModel.navigation.showLogin)
        let messages = Recorder(viewModel.outputs.showMessage)

        viewModel.inputs.viewDidReappear()
        await viewModel.work.waitUntilIdle()

        rows.assertValueCount(1)
        showLogin.assertDidNotEmitValue()
        messages.assertDidNotEmitValue()
        #expect(world.pages.requests == [nil])
    }

    @Test("when eventTapped, then it asks to show this event")
    func eventTapped() {
        let viewModel = makeViewModel(eventID: 42)
        let showRoute = Recorder(viewModel.navigation.showRoute)

        viewModel.inputs.eventTapped()

        showRoute.assertValues([.event(id: 42)])
    }

    @Test("rows mark the logged-in user's comments as theirs, and follow a logout")
    func isMineFollowsSession() async {
        let sessions = SessionStore.test(.demo())
        let viewModel = makeViewModel(sessions: sessions)
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
        let aliceRow = CommentsFixtures.aliceRow
        let flags = Recorder(viewModel.outputs.rows.map { rows in rows.enumerated().filter(\.element.isMine).map(\.offset) })
        #expect(flags.lastValue?.contains(aliceRow) == true)
        #expect(flags.lastValue?.contains(0) == false, "row 0 is Bob's")

        sessions.end()

        flags.assertLastValue([])
    }
}
