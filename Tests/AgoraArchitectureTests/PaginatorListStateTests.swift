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

    @Test("given pages to come, when the first page arrives, then there are more pages and the list is not empty")
    func hasMoreAndNotEmpty() async {
        let (paginator, _) = makePaginator([nil: Page(items: [1, 2], nextCursor: "c1")])
        let hasMore = Recorder(paginator.hasMorePages)
        let isEmpty = Recorder(paginator.isEmpty)

        paginator.requestFirstPage()
        await work.waitUntilIdle()

        hasMore.assertValues([false, true])
        isEmpty.assertValues([false])
    }

    @Test("given an empty first page, when it arrives, then the list is empty with no more pages")
    func emptyList() async {
        let (paginator, _) = makePaginator([nil: Page(items: [], nextCursor: nil)])
        let isEmpty = Recorder(paginator.isEmpty)

        paginator.requestFirstPage()
        await work.waitUntilIdle()

        isEmpty.assertValues([false, true])
        #expect(!paginator.hasMorePages.value)
    }

    @Test("given 20 rows, when rows far from and near the end are displayed, then only the near one asks for a page")
    func willDisplayRow() async {
        let (paginator, loader) = makePaginator([
            nil: Page(items: Array(1...20), nextCursor: "c1"),
            "c1": Page(items: [21], nextCursor: nil),
        ])
        paginator.requestFirstPage()
        await work.waitUntilIdle()

        paginator.willDisplayRow(16, outOf: 20)
        await work.waitUntilIdle()
        #expect(loader.requests == [nil])

        paginator.willDisplayRow(17, outOf: 20)
        await work.waitUntilIdle()
        #expect(loader.requests == [nil, "c1"])
        #expect(paginator.values.value.last == 21)
    }

    @Test("given loaded items, when modified to nothing, then the values change with no request and the list is empty")
    func modify() async {
        let (paginator, loader) = makePaginator([nil: Page(items: [1], nextCursor: nil)])
        paginator.requestFirstPage()
        await work.waitUntilIdle()
        let values = Recorder(paginator.values)

        paginator.modify { $0.removeAll { $0 == 1 } }

        values.assertValues([[1], []])
        #expect(paginator.isEmpty.value)
        #expect(loader.requests == [nil])
    }

    @Test("given overlapping pages, when appended with appendingNew, then no item appears twice and order is kept")
    func appendingNew() {
        struct Item: Identifiable, Equatable { let id: Int }
        let list = [Item(id: 3), Item(id: 2)]
        let page = [Item(id: 2), Item(id: 1), Item(id: 1), Item(id: 0)]

        let joined = Paginator<Item, TestError>.appendingNew(list, page)

        #expect(joined.map(\.id) == [3, 2, 1, 0])
    }
}
