import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import TemplateItems

@MainActor
@Suite("Template items ViewModel")
struct TemplateItemsViewModelTests {
    /// The cache the fetcher writes and the loader follows, as the UseCase shares one.
    let cache = InMemoryListCache<TemplateItem>()
    let fetcher: TemplateItemsFetcherSpy
    let viewModel: TemplateItemsViewModel

    init() {
        fetcher = TemplateItemsFetcherSpy(expecting: [.templateItemsPages], cache: cache)
        viewModel = TemplateItemsViewModel(
            dependency: .init(fetcher: fetcher, loader: TemplateItemsCacheLoader(expecting: [.templateItems], cache: cache), environment: .test()))
    }

    private var fixtures: [TemplateItem] { TemplateItemsFetcherSpy.fixtures() }

    /// The list on screen: loaded, first page shown.
    private func showFirstPage() async {
        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()
    }

    @Test("given nothing cached, when the list loads, then loading, the first page, and more pages to come")
    func viewDidLoadShowsFirstPage() async {
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
        let isLoading = Recorder(viewModel.outputs.isLoading)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)
        let isEmpty = Recorder(viewModel.outputs.isEmpty)
        let errors = Recorder(viewModel.outputs.showError)

        await showFirstPage()

        rows.assertValues([[], fixtures.prefix(20).map(\.id)])
        isLoading.assertValues([false, true, false])
        hasMore.assertValues([false, true])
        isEmpty.assertValues([false])
        errors.assertDidNotEmitValue()
        #expect(fetcher.requestedCursors == [nil])
    }

    @Test("given cached template items, when the list loads, then the cached rows show at once, then the fresh first page replaces them")
    func cachedRowsFirst() async {
        let cached = Array(fixtures.suffix(3))
        await cache.replace("template-items", with: cached)
        let gate = fetcher.plan.hold(request: 0)
        let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })

        viewModel.inputs.viewDidLoad()
        await rows.waitForValues(count: 2)
        rows.assertValues([[], cached.map(\.id)], "the cached rows, while the first page is held")

        gate.open()
        await viewModel.work.waitUntilIdle()
        rows.assertValues([[], cached.map(\.id), fixtures.prefix(20).map(\.id)])
    }

    @Test(
        "given the list on screen, when one of its template items changes in the cache elsewhere, then its row changes by the time the write returns, with no request"
    )
    func rowFollowsTheCache() async {
        await showFirstPage()
        let titles = Recorder(viewModel.outputs.rows.map { $0[1].title })
        var changed = fixtures[1]
        changed.title = "Renamed"

        await cache.store(changed)

        titles.assertValues([fixtures[1].title, "Renamed"])
        #expect(fetcher.requestedCursors == [nil], "no request for a change the cache already has")
        #expect(viewModel.work.isIdle, "nothing was left running for the change")
    }

    @Test(
        "given the next page loading, when one of the template items shown changes in the cache meanwhile, then the rows change once, when the page ends, with both"
    )
    func changeWhileLoadingShowsWithThePage() async {
        await showFirstPage()
        let slowPage = fetcher.plan.hold(request: 1)
        let rows = Recorder(viewModel.outputs.rows.map { "\($0.count) rows, the second \($0[1].title)" })
        var changed = fixtures[1]
        changed.title = "Renamed"

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await cache.store(changed)
        rows.assertValues(["20 rows, the second \(fixtures[1].title)"], "nothing new while the page loads")

        slowPage.open()
        await viewModel.work.waitUntilIdle()
        rows.assertValues(["20 rows, the second \(fixtures[1].title)", "\(fixtures.count) rows, the second Renamed"])
    }

    @Test("given the first page, when a row near its end is displayed, then the next page is appended; a row in the middle asks for nothing")
    func willDisplayRowLoadsNextPage() async {
        await showFirstPage()
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.willDisplayRow(5, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20])
        #expect(fetcher.requestedCursors.count == 1)

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        rowCount.assertValues([20, fixtures.count])
        #expect(viewModel.outputs.rows.value.map(\.id) == fixtures.map(\.id), "the first page, then the second after it")
        #expect(fetcher.requestedCursors.count == 2)
        #expect(viewModel.outputs.hasMorePages.value == false)
    }

    @Test("given two pages shown, when refresh, then the first page replaces the rows")
    func refreshReplacesRows() async {
        await showFirstPage()
        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.refresh()
        await viewModel.work.waitUntilIdle()

        rowCount.assertValues([fixtures.count, 20])
        #expect(viewModel.outputs.rows.value.map(\.id) == fixtures.prefix(20).map(\.id))
        #expect(fetcher.requestedCursors.count == 3)
        #expect(fetcher.requestedCursors.last == .some(nil))
    }

    @Test("given the next page in flight, when refresh, then its late answer is dropped: neither the rows nor the cache get it")
    func refreshDropsPageInFlight() async {
        await showFirstPage()
        let slowPage = fetcher.plan.hold(request: 1)
        let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        viewModel.inputs.refresh()
        slowPage.open()
        await viewModel.work.waitUntilIdle()

        rowCount.assertValues([20], "the first page again (the same rows, not sent twice), never the late second page")
        #expect(await cache.items(in: "template-items").map(\.id) == fixtures.prefix(20).map(\.id))
    }

    @Test("given cached template items and the service cannot be reached, when the list loads, then the error is shown, loading stops and the cached rows stay")
    func firstPageFailsKeepsCachedRows() async {
        let cached = Array(fixtures.prefix(3))
        await cache.replace("template-items", with: cached)
        fetcher.plan.fail(request: 0, with: .offline)
        let errors = Recorder(viewModel.outputs.showError)
        let isLoading = Recorder(viewModel.outputs.isLoading)

        await showFirstPage()

        errors.assertValues([ServiceError.offline.description])
        isLoading.assertValues([false, true, false])
        #expect(viewModel.outputs.rows.value.map(\.id) == cached.map(\.id))
        #expect(viewModel.outputs.isEmpty.value == false, "a failure is not the empty state")
    }

    @Test("given the first page, when the next page fails, then the error is shown and the rows stay; the next scroll asks for it again")
    func nextPageFailsThenRetries() async {
        fetcher.plan.fail(request: 1, with: .server(status: 503))
        let errors = Recorder(viewModel.outputs.showError)
        await showFirstPage()

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        errors.assertValues([ServiceError.server(status: 503).description])
        #expect(viewModel.outputs.rows.value.map(\.id) == fixtures.prefix(20).map(\.id))

        viewModel.inputs.willDisplayRow(19, outOf: 20)
        await viewModel.work.waitUntilIdle()
        #expect(viewModel.outputs.rows.value.count == fixtures.count)
        #expect(fetcher.requestedCursors[1] == fetcher.requestedCursors[2])
    }

    @Test("given no template items at all, when the list loads, then the empty state and no more pages")
    func emptyState() async {
        let noEvents = MockData(referenceDate: AgoraEnvironment.testReferenceDate, eventCount: 0)
        let viewModel = TemplateItemsViewModel(
            dependency: .init(
                fetcher: TemplateItemsFetcherSpy(expecting: [.templateItemsPages], data: noEvents, cache: cache),
                loader: TemplateItemsCacheLoader(expecting: [.templateItems], cache: cache), environment: .test()))
        let isEmpty = Recorder(viewModel.outputs.isEmpty)
        let hasMore = Recorder(viewModel.outputs.hasMorePages)

        viewModel.inputs.viewDidLoad()
        await viewModel.work.waitUntilIdle()

        isEmpty.assertValues([false, true])
        hasMore.assertValues([false])
        #expect(viewModel.outputs.rows.value.isEmpty)
    }

    @Test("given rows, when one is tapped by its id, then its event is asked for; a row that is not there says so and opens nothing")
    func rowTappedShowsEvent() async {
        let showRoute = Recorder(viewModel.navigation.showRoute)
        let errors = Recorder(viewModel.outputs.showError)
        await showFirstPage()

        viewModel.inputs.rowTapped(fixtures[2].id)
        viewModel.inputs.rowTapped(-1)

        showRoute.assertValues([.event(id: fixtures[2].eventID)])
        errors.assertValues(["That template item is no longer in the list."])
    }

    @Test("given doubles that expect nothing, when the list is shown, then the test would fail naming each call it made, and no page is fetched")
    func strayRequestsFailTheTest() async {
        let fetcher = TemplateItemsFetcherSpy(expecting: [], cache: cache)
        let viewModel = TemplateItemsViewModel(
            dependency: .init(fetcher: fetcher, loader: TemplateItemsCacheLoader(expecting: [], cache: cache), environment: .test()))
        await withKnownIssue(isIntermittent: false) {
            viewModel.inputs.viewDidLoad()
            await viewModel.work.waitUntilIdle()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("TemplateItemsFetcherSpy.fetchTemplateItems(after:): this test does not expect .templateItemsPages;")
            }
                || issue.comments.contains { $0.rawValue.contains("TemplateItemsCacheLoader.cachedTemplateItems(): this test does not expect .templateItems;") }
        }
        #expect(fetcher.requestedCursors.isEmpty, "a stray call is not recorded as a request")
        #expect(await cache.items(in: "template-items").isEmpty)
    }
}
