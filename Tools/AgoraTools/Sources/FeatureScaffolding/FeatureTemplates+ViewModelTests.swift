/// The templates of a feature's test doubles and ViewModel tests.
extension FeatureTemplates {
    var testDoubles: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        import \#(n.name)

        /// A fetcher that answers as OSS mode does (``Mock\#(n.name)Service`` over the fixtures'
        /// events) and keeps what it fetched in `cache`, as the UseCase does; its ``script``
        /// records every request (a page's cursor) and can fail or hold one.
        final class \#(n.name)FetcherSpy: \#(n.name)Fetchable {
            let service: Mock\#(n.name)Service
            let cache: InMemoryListCache<\#(n.item)>
            let script = RequestScript<String?, ServiceError>()

            /// - Parameter cache: the cache it writes; give the loader the same one, as the app
            ///   gives both sides one UseCase, or no fetched row ever shows.
            init(data: MockData = .test, cache: InMemoryListCache<\#(n.item)>) {
                service = Mock\#(n.name)Service(service: MockService(data: data))
                self.cache = cache
            }

            /// The \#(n.phrase) OSS mode shows on `data`, in list order: ``Mock\#(n.name)Service``'s, made
            /// from its first page of upcoming events.
            static func fixtures(_ data: MockData = .test) -> [\#(n.item)] {
                Mock\#(n.name)Service.items(for: Array(data.events.prefix(EventsRequest.defaultLimit)))
            }

            /// The cursors asked for, in order: `nil` for a first page.
            var requestedCursors: [String?] { script.requests }

            func \#(n.serviceMethod)(after cursor: String?) async throws(ServiceError) -> Page<\#(n.item)> {
                try await script.enter(cursor)
                let page = try await service.\#(n.serviceMethod)(\#(n.name)Request(cursor: cursor))
                guard !Task.isCancelled else { return page }
                if cursor == nil {
                    await cache.replace("\#(n.pathSegment)", with: page.items)
                } else {
                    await cache.append(page.items, to: "\#(n.pathSegment)")
                }
                return page
            }
        }

        /// A loader over a cache the test fills and the fetcher writes.
        struct \#(n.name)CacheLoader: \#(n.name)Loadable {
            let cache: InMemoryListCache<\#(n.item)>

            func cached\#(n.name)() -> CachedList<\#(n.item)> {
                let cache = self.cache
                return CachedList { onChange in await cache.observe("\#(n.pathSegment)", onChange: onChange) }
            }
        }

        """#
    }

    var viewModelTests: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        @testable import \#(n.name)
        import Testing

        @MainActor
        @Suite("\#(n.title) ViewModel")
        struct \#(n.name)ViewModelTests {
            /// The cache the fetcher writes and the loader follows, as the UseCase shares one.
            let cache = InMemoryListCache<\#(n.item)>()
            let fetcher: \#(n.name)FetcherSpy
            let viewModel: \#(n.name)ViewModel

            init() {
                fetcher = \#(n.name)FetcherSpy(cache: cache)
                viewModel = \#(n.name)ViewModel(dependency: .init(fetcher: fetcher, loader: \#(n.name)CacheLoader(cache: cache), environment: .test()))
            }

            private var fixtures: [\#(n.item)] { \#(n.name)FetcherSpy.fixtures() }

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

            @Test("given cached \#(n.phrase), when the list loads, then the cached rows show at once, then the fresh first page replaces them")
            func cachedRowsFirst() async {
                let cached = Array(fixtures.suffix(3))
                await cache.replace("\#(n.pathSegment)", with: cached)
                let gate = fetcher.script.hold(request: 0)
                let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })

                viewModel.inputs.viewDidLoad()
                await rows.waitForValues(count: 2)
                rows.assertValues([[], cached.map(\.id)], "the cached rows, while the first page is held")

                gate.open()
                await viewModel.work.waitUntilIdle()
                rows.assertValues([[], cached.map(\.id), fixtures.prefix(20).map(\.id)])
            }

            @Test("given the list on screen, when one of its \#(n.phrase) changes in the cache elsewhere, then its row changes by the time the write returns, with no request")
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

            @Test("given the next page loading, when one of the \#(n.phrase) shown changes in the cache meanwhile, then the rows change once, when the page ends, with both")
            func changeWhileLoadingShowsWithThePage() async {
                await showFirstPage()
                let slowPage = fetcher.script.hold(request: 1)
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
                let slowPage = fetcher.script.hold(request: 1)
                let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

                viewModel.inputs.willDisplayRow(19, outOf: 20)
                viewModel.inputs.refresh()
                slowPage.open()
                await viewModel.work.waitUntilIdle()

                rowCount.assertValues([20], "the first page again (the same rows, not sent twice), never the late second page")
                #expect(await cache.items(in: "\#(n.pathSegment)").map(\.id) == fixtures.prefix(20).map(\.id))
            }

            @Test("given cached \#(n.phrase) and the service cannot be reached, when the list loads, then the error is shown, loading stops and the cached rows stay")
            func firstPageFailsKeepsCachedRows() async {
                let cached = Array(fixtures.prefix(3))
                await cache.replace("\#(n.pathSegment)", with: cached)
                fetcher.script.fail(request: 0, with: .offline)
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
                fetcher.script.fail(request: 1, with: .server(status: 503))
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

            @Test("given no \#(n.phrase) at all, when the list loads, then the empty state and no more pages")
            func emptyState() async {
                let noEvents = MockData(referenceDate: AgoraEnvironment.testReferenceDate, eventCount: 0)
                let viewModel = \#(n.name)ViewModel(dependency: .init(fetcher: \#(n.name)FetcherSpy(data: noEvents, cache: cache), loader: \#(n.name)CacheLoader(cache: cache), environment: .test()))
                let isEmpty = Recorder(viewModel.outputs.isEmpty)
                let hasMore = Recorder(viewModel.outputs.hasMorePages)

                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()

                isEmpty.assertValues([false, true])
                hasMore.assertValues([false])
                #expect(viewModel.outputs.rows.value.isEmpty)
            }

            @Test("given rows, when one is tapped, then its event is asked for; a row that is not there does nothing")
            func rowTappedShowsEvent() async {
                let showEvent = Recorder(viewModel.navigation.showEvent)
                await showFirstPage()

                viewModel.inputs.rowTapped(2)
                viewModel.inputs.rowTapped(20)
                viewModel.inputs.rowTapped(-1)

                showEvent.assertValues([fixtures[2].eventID])
            }
        }

        """#
    }
}
