import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

@MainActor
@Suite("Paginator")
struct PaginatorTests {
    let work = WorkTracker()

    /// Three pages: [1, 2, 3] → [4, 5, 6] → [7] (the last, without a cursor).
    let loader = PageLoaderSpy([
        nil: Page(items: [1, 2, 3], nextCursor: "c1"),
        "c1": Page(items: [4, 5, 6], nextCursor: "c2"),
        "c2": Page(items: [7], nextCursor: nil),
    ])

    func makePaginator() -> Paginator<Int, TestError> {
        let loader = self.loader
        return Paginator(work: work) { cursor throws(TestError) in
            try await loader.load(cursor)
        }
    }

    @Test("given a new paginator, when the first page is requested, then it loads without a cursor and the list holds one page")
    func firstPage() async {
        let paginator = makePaginator()
        let pageCount = Recorder(paginator.pageCount)
        let hasMore = Recorder(paginator.hasMorePages)

        paginator.requestFirstPage()
        await work.waitUntilIdle()

        pageCount.assertValues([0, 1])
        hasMore.assertValues([false, true])
        #expect(loader.requests == [nil])
    }

    @Test("given a first page, when the next page is requested, then it continues from the cursor and the page count grows")
    func nextPageFromCursor() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(loader.requests == [nil, "c1"])
        #expect(paginator.pageCount.value == 2)
        #expect(paginator.hasMorePages.value)
    }

    @Test("given no first page yet, when the next page is requested, then nothing is loaded")
    func nextPageBeforeFirstPageIsIgnored() async {
        let paginator = makePaginator()
        let isLoading = Recorder(paginator.isLoading)

        paginator.requestNextPage()

        #expect(work.isIdle)
        await work.waitUntilIdle()
        isLoading.assertValues([false])
        #expect(loader.requests.isEmpty)
        #expect(paginator.pageCount.value == 0)
    }

    @Test("given a page loading, when the next page is requested again, then no second request starts")
    func nextPageWhileLoadingIsIgnored() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil], "the first page was still loading")

        paginator.requestNextPage()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(loader.requests == [nil, "c1"])
        #expect(paginator.pageCount.value == 2)
    }

    @Test("given the last page loaded, when the next page is requested, then nothing is loaded")
    func nextPageAfterExhaustionIsIgnored() async {
        let paginator = makePaginator()
        let hasMore = Recorder(paginator.hasMorePages)
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(loader.requests == [nil, "c1", "c2"])
        #expect(paginator.pageCount.value == 3)
        hasMore.assertValues([false, true, false])
    }

    @Test("given an empty page that still has a cursor, when the next page is requested, then the list is exhausted")
    func stopsAtEmptyPage() async {
        loader.answer("c1", with: Page(items: [], nextCursor: "c2"))
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(!paginator.hasMorePages.value)
        #expect(loader.requests == [nil, "c1"], "the cursor c2 of the empty page is never asked for")
        #expect(paginator.pageCount.value == 2)
    }

    @Test("given a first page without a cursor, when the next page is requested, then nothing is loaded")
    func stopsAtNilCursor() async {
        loader.answer(nil, with: Page(items: [1], nextCursor: nil))
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(!paginator.hasMorePages.value)
        #expect(loader.requests == [nil])
        #expect(paginator.pageCount.value == 1)
    }

    @Test("given an exhausted list, when it is refreshed to a page with a cursor, then further pages load again")
    func refreshAfterExhaustion() async {
        loader.answer(nil, with: Page(items: [1], nextCursor: nil))
        let paginator = makePaginator()
        let hasMore = Recorder(paginator.hasMorePages)
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        loader.answer(nil, with: Page(items: [1, 2, 3], nextCursor: "c1"))

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        hasMore.assertValues([false, true])
        #expect(loader.requests == [nil, nil, "c1"])
        #expect(paginator.pageCount.value == 2)
    }

    @Test("given a failing first page, when it is requested, then the error is a value of errors, loading ends and nothing counts as loaded")
    func firstPageErrorIsAValue() async {
        loader.plan.fail(request: 0, with: .boom)
        let paginator = makePaginator()
        let errors = Recorder(paginator.errors)
        let isLoading = Recorder(paginator.isLoading)
        let pageCount = Recorder(paginator.pageCount)

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        errors.assertValues([.boom])
        isLoading.assertValues([false, true, false])
        pageCount.assertValues([0])
        #expect(!paginator.hasMorePages.value)
        #expect(loader.requests == [nil], "no next page without a first one")
    }

    @Test("given a failing next page, when it is requested and then retried, then the state stays and the retry uses the same cursor")
    func nextPageErrorKeepsStateAndRetries() async {
        loader.plan.fail(request: 1, with: .boom)
        let paginator = makePaginator()
        let errors = Recorder(paginator.errors)
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()
        errors.assertValues([.boom])
        #expect(paginator.pageCount.value == 1)
        #expect(paginator.hasMorePages.value)
        #expect(!paginator.isLoading.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", "c1"])
        #expect(paginator.pageCount.value == 2)
    }

    @Test("given two pages loaded, when a refresh fails, then the pages stay and the next page continues from the old cursor")
    func failedRefreshKeepsPlace() async {
        loader.plan.fail(request: 2, with: .boom)
        let paginator = makePaginator()
        let errors = Recorder(paginator.errors)
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        errors.assertValues([.boom])
        #expect(paginator.pageCount.value == 2)
        #expect(paginator.hasMorePages.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", nil, "c2"])
        #expect(paginator.pageCount.value == 3)
    }

    @Test("given a next page in flight whose loader ignores cancellation, when a refresh lands first, then the late page is dropped")
    func refreshDropsLatePage() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        let slowPage = loader.plan.hold(request: 1)  // the next page, cursor "c1"; its gate ignores cancellation
        loader.answer(nil, with: Page(items: [10, 20, 30], nextCursor: "d1"))
        loader.answer("d1", with: Page(items: [40], nextCursor: nil))
        let pageCount = Recorder(paginator.pageCount)
        let isLoading = Recorder(paginator.isLoading)

        paginator.requestNextPage()
        paginator.requestFirstPage()
        await pageCount.waitForValues(count: 2)
        #expect(!paginator.isLoading.value, "the refresh ended loading while the late page still waits")
        slowPage.open()
        await work.waitUntilIdle()

        pageCount.assertValues([1, 1], "the refreshed first page; the late page never made it 2")
        isLoading.assertValues([false, true, false])
        #expect(paginator.hasMorePages.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", nil, "d1"], "continues from the refreshed page's cursor, not the late page's c2")
        #expect(paginator.pageCount.value == 2)
        #expect(!paginator.hasMorePages.value)
    }

    @Test("given a next page in flight that ignores cancellation, when it answers while the refresh replacing it still loads, then nothing changes")
    func latePageDuringRefreshChangesNothing() async {
        let loader = self.loader
        let lateAnswered = Gate()
        let paginator = Paginator<Int, TestError>(work: work) { cursor throws(TestError) in
            let page = try await loader.load(cursor)
            if cursor == "c1" { lateAnswered.open() }
            return page
        }
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        let slowPage = loader.plan.hold(request: 1)  // the next page, cursor "c1"; its gate ignores cancellation
        let refresh = loader.plan.hold(request: 2)
        let pageCount = Recorder(paginator.pageCount)
        let isLoading = Recorder(paginator.isLoading)
        paginator.requestNextPage()
        paginator.requestFirstPage()

        slowPage.open()
        // Resumed before the late page's answer reaches the paginator, on the main actor; a
        // yield lets that answer in first.
        await lateAnswered.wait()
        await Task.yield()

        #expect(paginator.isLoading.value, "the refresh still loads: the late page must not end its loading")
        pageCount.assertValues([1])
        paginator.requestNextPage()
        refresh.open()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", nil], "no next page was asked for while the refresh loaded")
        isLoading.assertValues([false, true, false])
        pageCount.assertValues([1, 1])
    }

    @Test("given a first page in flight, when its work is cancelled (Ctrl-C), then its answer is dropped and loading ends")
    func cancelledFirstPageIsDropped() async {
        let paginator = makePaginator()
        let slowPage = loader.plan.hold(request: 0)
        let pageCount = Recorder(paginator.pageCount)
        let isLoading = Recorder(paginator.isLoading)

        paginator.requestFirstPage()
        work.cancelAll()
        slowPage.open()
        await work.waitUntilIdle()

        pageCount.assertValues([0], "the cancelled page is never counted")
        isLoading.assertValues([false, true, false])
        #expect(!paginator.hasMorePages.value)

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        #expect(paginator.pageCount.value == 1, "a new request after the cancel loads again")
    }

    @Test("given a next page in flight, when its work is cancelled (Ctrl-C), then the place stays and the next request asks for the same cursor")
    func cancelledNextPageKeepsPlace() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        let slowPage = loader.plan.hold(request: 1)
        let pageCount = Recorder(paginator.pageCount)

        paginator.requestNextPage()
        work.cancelAll()
        slowPage.open()
        await work.waitUntilIdle()

        pageCount.assertValues([1])
        #expect(!paginator.isLoading.value)
        #expect(paginator.hasMorePages.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", "c1"])
        #expect(paginator.pageCount.value == 2)
    }

    @Test("given first, next and refresh, when each completes, then pageCount and isLoading take every expected value")
    func pageCountAndIsLoadingSequences() async {
        let paginator = makePaginator()
        let pageCount = Recorder(paginator.pageCount)
        let isLoading = Recorder(paginator.isLoading)

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        pageCount.assertValues([0, 1, 2, 1])
        isLoading.assertValues([false, true, false, true, false, true, false])
    }
}
