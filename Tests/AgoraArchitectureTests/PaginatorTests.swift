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

    func makePaginator(
        concat: @escaping ([Int], [Int]) -> [Int] = { $0 + $1 }
    ) -> Paginator<Int, TestError> {
        let loader = self.loader
        return Paginator(work: work, concat: concat) { cursor throws(TestError) in
            try await loader.load(cursor)
        }
    }

    @Test("given a new paginator, when the first page is requested, then its items become the values")
    func firstPage() async {
        let paginator = makePaginator()
        let values = Recorder(paginator.values)
        let exhausted = Recorder(paginator.isExhausted)

        paginator.requestFirstPage()
        await work.waitUntilIdle()

        values.assertValues([[], [1, 2, 3]])
        exhausted.assertValues([false])
        #expect(paginator.pageCount.value == 1)
        #expect(loader.requests == [nil])
    }

    @Test("given a first page, when the next page is requested, then it continues from the cursor and appends")
    func nextPageAppends() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(paginator.values.value == [1, 2, 3, 4, 5, 6])
        #expect(paginator.pageCount.value == 2)
        #expect(loader.requests == [nil, "c1"])
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
        #expect(paginator.values.value.isEmpty)
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
        #expect(paginator.values.value == [1, 2, 3, 4, 5, 6])
    }

    @Test("given the last page loaded, when the next page is requested, then nothing is loaded")
    func nextPageAfterExhaustionIsIgnored() async {
        let paginator = makePaginator()
        let exhausted = Recorder(paginator.isExhausted)
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()
        paginator.requestNextPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(loader.requests == [nil, "c1", "c2"])
        #expect(paginator.values.value == Array(1...7))
        exhausted.assertValues([false, true])
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

        #expect(paginator.isExhausted.value)
        #expect(loader.requests == [nil, "c1"])
        #expect(paginator.values.value == [1, 2, 3])
    }

    @Test("given a first page without a cursor, when the next page is requested, then nothing is loaded")
    func stopsAtNilCursor() async {
        loader.answer(nil, with: Page(items: [1], nextCursor: nil))
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()

        #expect(paginator.isExhausted.value)
        #expect(loader.requests == [nil])
        #expect(paginator.values.value == [1])
    }

    @Test("given a failing first page, when it is requested, then the error is a value of errors and loading ends")
    func firstPageErrorIsAValue() async {
        loader.script.fail(request: 0, with: .boom)
        let paginator = makePaginator()
        let errors = Recorder(paginator.errors)
        let isLoading = Recorder(paginator.isLoading)
        let values = Recorder(paginator.values)

        paginator.requestFirstPage()
        await work.waitUntilIdle()

        errors.assertValues([.boom])
        isLoading.assertValues([false, true, false])
        values.assertValues([[]])
        #expect(paginator.pageCount.value == 0)
    }

    @Test("given a failing next page, when it is requested and then retried, then values stay and the retry uses the same cursor")
    func nextPageErrorKeepsValuesAndRetries() async {
        loader.script.fail(request: 1, with: .boom)
        let paginator = makePaginator()
        let errors = Recorder(paginator.errors)
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()
        errors.assertValues([.boom])
        #expect(paginator.values.value == [1, 2, 3])
        #expect(!paginator.isLoading.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", "c1"])
        #expect(paginator.values.value == [1, 2, 3, 4, 5, 6])
    }

    @Test("given a next page in flight, when a refresh lands first, then the late next page is dropped")
    func refreshDropsLatePage() async {
        let paginator = makePaginator()
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        let slowPage = loader.script.hold(request: 1)  // the next page, cursor "c1"
        loader.answer(nil, with: Page(items: [10, 20, 30], nextCursor: "d1"))
        loader.answer("d1", with: Page(items: [40], nextCursor: nil))
        let values = Recorder(paginator.values)

        paginator.requestNextPage()
        paginator.requestFirstPage()
        await values.waitForValues(count: 2)
        slowPage.open()
        await work.waitUntilIdle()

        values.assertValues([[1, 2, 3], [10, 20, 30]], "the refreshed page, never the late [4, 5, 6]")
        #expect(paginator.pageCount.value == 1)
        #expect(!paginator.isLoading.value)

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1", nil, "d1"], "continues from the refreshed page's cursor")
        #expect(paginator.values.value == [10, 20, 30, 40])
    }

    @Test("given a page in flight, when its work is cancelled (Ctrl-C), then its answer is dropped and loading ends")
    func cancelledPageIsDropped() async {
        let paginator = makePaginator()
        let slowPage = loader.script.hold(request: 0)
        let values = Recorder(paginator.values)
        let isLoading = Recorder(paginator.isLoading)

        paginator.requestFirstPage()
        work.cancelAll()
        slowPage.open()
        await work.waitUntilIdle()

        values.assertValues([[]], "the cancelled page [1, 2, 3] is never shown")
        isLoading.assertValues([false, true, false])
        #expect(paginator.pageCount.value == 0)

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        #expect(paginator.values.value == [1, 2, 3], "a new request after the cancel loads again")
    }

    @Test("given a custom concat that drops duplicates, when further pages load, then it joins them and the first page replaces")
    func customConcat() async {
        loader.answer("c1", with: Page(items: [3, 4, 5], nextCursor: nil))
        let paginator = makePaginator { old, new in old + new.filter { !old.contains($0) } }
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.requestNextPage()
        await work.waitUntilIdle()
        #expect(paginator.values.value == [1, 2, 3, 4, 5])

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        #expect(paginator.values.value == [1, 2, 3])
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
