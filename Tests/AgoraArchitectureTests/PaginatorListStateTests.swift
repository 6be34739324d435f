import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

@MainActor
@Suite("Paginator: list state a screen shows")
struct PaginatorListStateTests {
    let work = WorkTracker()

    func makePaginator(_ pages: [String?: Page<Int>]) -> (Paginator<Int, TestError>, PageLoaderSpy) {
        let loader = PageLoaderSpy(pages)
        let paginator = Paginator<Int, TestError>(work: work) { cursor throws(TestError) in
            try await loader.load(cursor)
        }
        return (paginator, loader)
    }

    @Test("given pages to come, when the first page arrives, then there are more pages, and they are known before loading ends")
    func hasMoreBeforeLoadingEnds() async {
        let (paginator, _) = makePaginator([nil: Page(items: [1, 2], nextCursor: "c1")])
        let hasMore = Recorder(paginator.hasMorePages)
        var stateWhenLoadingEnded: (pageCount: Int, hasMore: Bool)?
        let observation = paginator.isLoading.observe { isLoading in
            if !isLoading { stateWhenLoadingEnded = (paginator.pageCount.value, paginator.hasMorePages.value) }
        }

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        withExtendedLifetime(observation) {}

        hasMore.assertValues([false, true])
        #expect(stateWhenLoadingEnded?.pageCount == 1, "the page count is known when loading ends")
        #expect(stateWhenLoadingEnded?.hasMore == true, "hasMorePages is known when loading ends")
    }

    @Test("given an empty first page, when it arrives, then one page is loaded with no more pages")
    func emptyList() async {
        let (paginator, loader) = makePaginator([nil: Page(items: [], nextCursor: nil)])
        let pageCount = Recorder(paginator.pageCount)

        paginator.requestFirstPage()
        await work.waitUntilIdle()
        paginator.willDisplayRow(0, outOf: 0)
        await work.waitUntilIdle()

        pageCount.assertValues([0, 1])
        #expect(!paginator.hasMorePages.value)
        #expect(loader.requests == [nil])
    }

    @Test("given 20 rows, when rows far from and near the end are displayed, then only those within the prefetch distance ask for a page")
    func willDisplayRow() async {
        let (paginator, loader) = makePaginator([
            nil: Page(items: Array(1...20), nextCursor: "c1"),
            "c1": Page(items: [21], nextCursor: nil),
        ])
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        #expect(Paginator<Int, TestError>.prefetchDistance == 3)

        paginator.willDisplayRow(16, outOf: 20)
        await work.waitUntilIdle()
        #expect(loader.requests == [nil])

        paginator.willDisplayRow(17, outOf: 20)
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1"])
        #expect(paginator.pageCount.value == 2)

        paginator.willDisplayRow(20, outOf: 21)
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1"], "the last page was loaded")
    }
}
