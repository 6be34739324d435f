extension FeatureTemplates {
    var testDoubles: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        import \#(n.name)

        /// A fetcher that answers from the fixtures; its ``script`` records every request (a page's
        /// cursor) and can fail or hold one.
        final class \#(n.name)FetcherSpy: \#(n.name)Fetchable {
            let data: MockData
            let script = RequestScript<String?, ServiceError>()

            init(data: MockData = .test) {
                self.data = data
            }

            /// The cursors asked for, in order: `nil` for a first page.
            var requestedCursors: [String?] { script.requests }

            func \#(n.serviceMethod)(after cursor: String?) async throws(ServiceError) -> Page<\#(n.item)> {
                try await script.enter(cursor)
                return try data.\#(n.lowerName)Page(after: cursor, limit: \#(n.name)Request.defaultLimit)
            }
        }

        /// A loader over a cache the test fills.
        struct \#(n.name)CacheLoader: \#(n.name)Loadable {
            let cache = InMemoryListCache<\#(n.item)>()

            func load\#(n.name)() async -> [\#(n.item)] { await cache.items(in: "\#(n.pathSegment)") }
        }

        """#
    }

    var viewModelTests: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        @testable import \#(n.name)
        import Testing

        @MainActor
        @Suite("\#(n.title) ViewModel")
        struct \#(n.name)ViewModelTests {
            let fetcher = \#(n.name)FetcherSpy()
            let loader = \#(n.name)CacheLoader()
            let viewModel: \#(n.name)ViewModel

            init() {
                viewModel = \#(n.name)ViewModel(dependency: .init(fetcher: fetcher, loader: loader))
            }

            private var fixtures: [\#(n.item)] { MockData.test.\#(n.lowerName) }

            @Test("given nothing cached, when the list loads, then loading, the first page, and more pages to come")
            func viewDidLoadShowsFirstPage() async {
                let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })
                let isLoading = Recorder(viewModel.outputs.isLoading)
                let hasMore = Recorder(viewModel.outputs.hasMorePages)
                let isEmpty = Recorder(viewModel.outputs.isEmpty)
                let errors = Recorder(viewModel.outputs.showError)

                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()

                rows.assertValues([[], fixtures.prefix(20).map(\.id)])
                isLoading.assertValues([false, true, false])
                hasMore.assertValues([false, true])
                isEmpty.assertValues([false])
                errors.assertDidNotEmitValue()
                #expect(fetcher.requestedCursors == [nil])
            }

            @Test("given cached \#(n.phrase), when the list loads, then the cached rows at once, then the fresh ones")
            func cachedRowsFirst() async {
                let cached = Array(fixtures.suffix(3))
                await loader.cache.replace("\#(n.pathSegment)", with: cached)
                let gate = fetcher.script.hold(request: 0)
                let rows = Recorder(viewModel.outputs.rows.map { $0.map(\.id) })

                viewModel.inputs.viewDidLoad()
                await rows.waitForValues(count: 2)
                rows.assertValues([[], cached.map(\.id)])

                gate.open()
                await viewModel.work.waitUntilIdle()
                rows.assertValues([[], cached.map(\.id), fixtures.prefix(20).map(\.id)])
            }

            @Test("given the first page, when a row near its end is displayed, then the next page is appended; a row in the middle asks for nothing")
            func willDisplayRowLoadsNextPage() async {
                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()
                let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

                viewModel.inputs.willDisplayRow(5, outOf: 20)
                await viewModel.work.waitUntilIdle()
                rowCount.assertValues([20])
                #expect(fetcher.requestedCursors.count == 1)

                viewModel.inputs.willDisplayRow(19, outOf: 20)
                await viewModel.work.waitUntilIdle()
                rowCount.assertValues([20, fixtures.count])
                #expect(fetcher.requestedCursors.count == 2)
                #expect(viewModel.outputs.hasMorePages.value == false)
            }

            @Test("given two pages shown, when refresh, then the first page replaces the rows")
            func refreshReplacesRows() async {
                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()
                viewModel.inputs.willDisplayRow(19, outOf: 20)
                await viewModel.work.waitUntilIdle()
                let rowCount = Recorder(viewModel.outputs.rows.map(\.count))

                viewModel.inputs.refresh()
                await viewModel.work.waitUntilIdle()

                rowCount.assertValues([fixtures.count, 20])
                #expect(fetcher.requestedCursors.last == .some(nil))
            }

            @Test("given the service cannot be reached, when the list loads, then the error is shown, loading stops and there are no rows")
            func firstPageFails() async {
                fetcher.script.fail(request: 0, with: .offline)
                let errors = Recorder(viewModel.outputs.showError)
                let isLoading = Recorder(viewModel.outputs.isLoading)

                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()

                errors.assertValues([ServiceError.offline.description])
                isLoading.assertValues([false, true, false])
                #expect(viewModel.outputs.rows.value.isEmpty)
            }

            @Test("given no \#(n.phrase) at all, when the list loads, then the empty state and no more pages")
            func emptyState() async {
                let noEvents = MockData(referenceDate: AgoraEnvironment.testReferenceDate, eventCount: 0)
                let viewModel = \#(n.name)ViewModel(dependency: .init(fetcher: \#(n.name)FetcherSpy(data: noEvents), loader: loader))
                let isEmpty = Recorder(viewModel.outputs.isEmpty)
                let hasMore = Recorder(viewModel.outputs.hasMorePages)

                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()

                isEmpty.assertValues([false, true])
                hasMore.assertValues([false])
            }

            @Test("given rows, when one is tapped, then its event is asked for; a row that is not there does nothing")
            func rowTappedShowsEvent() async {
                let showEvent = Recorder(viewModel.navigation.showEvent)
                viewModel.inputs.viewDidLoad()
                await viewModel.work.waitUntilIdle()

                viewModel.inputs.rowTapped(2)
                viewModel.inputs.rowTapped(20)
                viewModel.inputs.rowTapped(-1)

                showEvent.assertValues([fixtures[2].eventID])
            }
        }

        """#
    }

    var coordinatorTests: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import AgoraMocks
        import AgoraTestSupport
        @testable import \#(n.name)
        import Testing

        @MainActor
        @Suite("\#(n.title): coordinator, screen, plugin and route")
        struct \#(n.name)CoordinatorTests {
            let navigator = NavigatorSpy()
            let console = BufferConsole()
            /// Kept for the whole test: a coordinator observes its screen's navigation only while it lives.
            let coordinator: \#(n.name)Coordinator

            init() {
                let dependency = \#(n.name)ViewModel.Dependency(fetcher: \#(n.name)FetcherSpy(), loader: \#(n.name)CacheLoader())
                coordinator = \#(n.name)Coordinator(dependency: dependency, navigator: navigator, console: console)
            }

            /// The list's screen, shown and loaded.
            func shownScreen() async -> any Screen {
                let screen = coordinator.start()
                screen.appear()
                await screen.work.waitUntilIdle()
                return screen
            }

            @Test("given the list is shown, when it appears, then a table of the first page is drawn under its title")
            func drawsFirstPage() async {
                _ = await shownScreen()

                #expect(console.lines.first == "\#(n.title)")
                #expect(console.lines.count == 2 + 20, "the title, the header and a line per row")
            }

            @Test("given the list is shown, when a row is opened, then the coordinator opens that \#(n.itemPhrase)'s event by route")
            func openRowOpensEvent() async throws {
                let screen = await shownScreen()

                try screen.perform("open", arguments: ["2"])

                #expect(navigator.opened == [.event(id: MockData.test.\#(n.lowerName)[1].eventID)])
            }

            @Test("given the list is shown, when a row that is not on screen is opened, then the error names the range and nothing opens")
            func badRow() async {
                let screen = await shownScreen()

                #expect(throws: CommandError("expected a row number from 1 to 20, got '21'")) {
                    try screen.perform("open", arguments: ["21"])
                }
                #expect(navigator.opened.isEmpty)
            }

            @Test("given every page is shown, when `more` is typed, then it says all are shown and asks for nothing")
            func moreAtTheEnd() async throws {
                let screen = await shownScreen()
                try screen.perform("more", arguments: [])
                await screen.work.waitUntilIdle()
                console.clear()

                try screen.perform("more", arguments: [])

                #expect(console.lines == ["No more \#(n.phrase): all \(MockData.test.\#(n.lowerName).count) are shown."])
            }

            @Test("the plugin owns its route and no other")
            func pluginRoutes() {
                let plugin = \#(n.name)Plugin()
                #expect(plugin.handles(.\#(n.lowerName)))
                #expect(!plugin.handles(.events))
                #expect(!plugin.handles(.event(id: 1)))
                #expect(!plugin.handles(.login))
            }

            @Test("the route has one link, \#(n.url), read both ways")
            func routeLink() {
                #expect(Route(url: "\#(n.url)") == .\#(n.lowerName))
                #expect(Route(url: "https://agora.example/\#(n.pathSegment)") == .\#(n.lowerName))
                #expect(Route.\#(n.lowerName).url == "\#(n.url)")
            }
        }

        """#
    }

    var useCaseTests: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import \#(n.name)
        import Testing

        @Suite("\#(n.title) UseCase")
        struct \#(n.name)UseCaseTests {
            let cache = InMemoryListCache<\#(n.item)>()
            let fixtures = MockData.test.\#(n.lowerName)

            @Test("given a stale cache, when the first page is fetched, then it replaces the cached list; a further page appends")
            func fetchWritesCache() async throws {
                let useCase = \#(n.name)UseCase(service: MockService(data: .test), cache: cache)
                await cache.replace("\#(n.pathSegment)", with: [fixtures[fixtures.count - 1]])

                let first = try await useCase.\#(n.serviceMethod)(after: nil)
                #expect(await useCase.load\#(n.name)().map(\.id) == fixtures.prefix(20).map(\.id))

                _ = try await useCase.\#(n.serviceMethod)(after: first.nextCursor)
                #expect(await useCase.load\#(n.name)().map(\.id) == fixtures.map(\.id))
            }

            @Test("given a cached list, when a fetch fails, then the cache is kept and the error is passed on")
            func failureKeepsCache() async {
                let useCase = \#(n.name)UseCase(service: MockService(data: .test), cache: cache)
                await cache.replace("\#(n.pathSegment)", with: Array(fixtures.prefix(2)))

                await #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
                    try await useCase.\#(n.serviceMethod)(after: "not-a-cursor")
                }
                #expect(await useCase.load\#(n.name)().map(\.id) == fixtures.prefix(2).map(\.id))
            }
        }

        """#
    }

    /// The test added to the REPL's transcript suite, inserted before its closing brace.
    var transcriptTest: String {
        let n = names
        return #"""

            @Test("\#(n.phrase): the list, its second page, the end of the list, a row that is not there")
            func \#(n.lowerName)() async throws {
                try await Transcript(name: "\#(n.transcriptName)").verify()
            }

        """#
    }
}
