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

    var coordinatorTests: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import AgoraTerminalUI
        import AgoraTestSupport
        @testable import \#(n.name)
        @testable import \#(n.name)REPL
        import Testing

        @MainActor
        @Suite("\#(n.title): coordinator, screen, plugin and route")
        struct \#(n.name)CoordinatorTests {
            let navigator = NavigatorSpy()
            let console = BufferConsole()
            /// Kept for the whole test: a coordinator observes its screen's navigation only while it lives.
            let coordinator: \#(n.name)Coordinator

            init() {
                let cache = InMemoryListCache<\#(n.item)>()
                let dependency = \#(n.name)ViewModel.Dependency(
                    fetcher: \#(n.name)FetcherSpy(cache: cache), loader: \#(n.name)CacheLoader(cache: cache), environment: .test())
                coordinator = \#(n.name)Coordinator(dependency: dependency, navigator: navigator)
            }

            /// The list's screen, shown and loaded.
            func shownScreen() async throws -> any Screen {
                let screen = try \#(n.name)Screens().show(coordinator.start(), on: console)
                screen.appear()
                await screen.work.waitUntilIdle()
                return screen
            }

            @Test("given the list is shown, when it appears, then a table of the first page is drawn under its title")
            func drawsFirstPage() async throws {
                _ = try await shownScreen()

                #expect(console.lines.first == "\#(n.title)")
                #expect(console.lines.count == 2 + 20, "the title, the header and a line per row")
            }

            @Test("given the list is shown, when a row is opened, then the coordinator opens that \#(n.itemPhrase)'s event by route")
            func openRowOpensEvent() async throws {
                let screen = try await shownScreen()

                try screen.perform("open", arguments: ["2"])

                #expect(navigator.opened == [.event(id: \#(n.name)FetcherSpy.fixtures()[1].eventID)])
            }

            @Test("given the list is shown, when a row that is not on screen is opened, then the error names the range and nothing opens")
            func badRow() async throws {
                let screen = try await shownScreen()

                #expect(throws: CommandError("expected a row number from 1 to 20, got '21'")) {
                    try screen.perform("open", arguments: ["21"])
                }
                #expect(navigator.opened.isEmpty)
            }

            @Test("given every page is shown, when `more` is typed, then it says all are shown and asks for nothing")
            func moreAtTheEnd() async throws {
                let screen = try await shownScreen()
                try screen.perform("more", arguments: [])
                await screen.work.waitUntilIdle()
                console.clear()

                try screen.perform("more", arguments: [])

                #expect(console.lines == ["No more \#(n.phrase): all \#(Self.fixtureCount) are shown."])
            }

            @Test("the plugin owns its route and no other")
            func pluginRoutes() {
                let plugin = \#(n.name)Plugin()
                #expect(plugin.handles(.\#(n.lowerName)))
                #expect(!plugin.handles(Route(path: "events")))
                #expect(!plugin.handles(.event(id: 1)))
                #expect(!plugin.handles(.login))
            }

            @Test("the route has one link, \#(n.url), read both ways, and the plugin lists it")
            func routeLink() {
                #expect(\#(n.name)Plugin().destinations.map(\.exampleLink) == ["\#(n.url)"])
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
        import AgoraArchitecture
        import AgoraCache
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        import \#(n.name)
        import Testing

        @MainActor
        @Suite("\#(n.title) UseCase")
        struct \#(n.name)UseCaseTests {
            let cache = InMemoryListCache<\#(n.item)>()
            let fixtures = \#(n.name)FetcherSpy.fixtures()
            let service = Mock\#(n.name)Service(service: MockService(data: .test))

            @Test("given a stale cache followed by the screen, when the first page is fetched, then it replaces the cached list; a further page appends; the screen sees each")
            func fetchWritesWhatTheScreenFollows() async throws {
                let useCase = \#(n.name)UseCase(service: service, cache: cache)
                let stale = fixtures[fixtures.count - 1]
                await cache.replace("\#(n.pathSegment)", with: [stale])
                let changes = SignalSource<[\#(n.item).ID]>()
                let seen = Recorder(changes.signal)

                let subscription = await useCase.cached\#(n.name)().observe { changes.send($0.items.map(\.id)) }
                seen.assertValues([[stale.id]], "the cached list, before observing returns")

                let first = try await useCase.\#(n.serviceMethod)(after: nil)
                _ = try await useCase.\#(n.serviceMethod)(after: first.nextCursor)

                seen.assertValues([[stale.id], fixtures.prefix(20).map(\.id), fixtures.map(\.id)])
                subscription.cancel()
            }

            @Test("given the subscription cancelled, when a page is fetched, then the screen is not told")
            func cancelledSubscriptionStops() async throws {
                let useCase = \#(n.name)UseCase(service: service, cache: cache)
                let changes = SignalSource<[\#(n.item).ID]>()
                let seen = Recorder(changes.signal)
                let subscription = await useCase.cached\#(n.name)().observe { changes.send($0.items.map(\.id)) }

                subscription.cancel()
                _ = try await useCase.\#(n.serviceMethod)(after: nil)

                seen.assertValues([[]], "only the empty cache it started with")
            }

            @Test("given a cached list, when a fetch's task was cancelled meanwhile (a refresh replaced it), then the page is answered but the cache is kept")
            func cancelledFetchKeepsCache() async throws {
                let useCase = \#(n.name)UseCase(service: service, cache: cache)
                await cache.replace("\#(n.pathSegment)", with: Array(fixtures.prefix(2)))

                let fetch = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await useCase.\#(n.serviceMethod)(after: nil)
                }
                let page = try await fetch.value

                #expect(page.items.count == 20, "the page is still answered")
                #expect(await cache.items(in: "\#(n.pathSegment)").map(\.id) == fixtures.prefix(2).map(\.id))
            }

            @Test("given a cached list, when a fetch fails, then the cache is kept and the error is passed on")
            func failureKeepsCache() async {
                let useCase = \#(n.name)UseCase(service: service, cache: cache)
                await cache.replace("\#(n.pathSegment)", with: Array(fixtures.prefix(2)))

                await #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
                    try await useCase.\#(n.serviceMethod)(after: "not-a-cursor")
                }
                #expect(await cache.items(in: "\#(n.pathSegment)").map(\.id) == fixtures.prefix(2).map(\.id))
            }
        }

        """#
    }

    var serviceTests: String {
        let n = names
        let page = Self.pageSize, count = Self.fixtureCount
        // Item 3 is about the event at this index of the first page; items 1 and 3 are not about the same one.
        let third = Self.eventIndex(ofItem: 3)
        return #"""
        import AgoraAPI
        import AgoraDI
        import AgoraMocks
        import AgoraModels
        import AgoraTestSupport
        @testable import \#(n.name)
        import Testing

        @Suite("\#(n.title) service: OSS mode's from the upcoming events, live mode's not there yet, picked by the mode")
        struct \#(n.name)ServiceTests {
            let data = MockData.test
            let service = Mock\#(n.name)Service(service: MockService(data: .test))

            @Test("given the upcoming events, when the first page is asked for, then \#(page) \#(n.phrase), each about an event of the first page of events, spread over it, and a cursor to the rest")
            func firstPage() async throws {
                let page = try await service.\#(n.serviceMethod)(\#(n.name)Request())

                #expect(page.items.map(\.id) == Array(1...\#(page)))
                let first = try #require(page.items.first)
                #expect(first.title == "\#(fixtureTitle(1))")
                #expect(first.summary == "\#(fixtureSummary(1))")
                #expect(first.eventID == data.events[\#(Self.eventIndex(ofItem: 1))].id)
                #expect(page.items[2].eventID == data.events[\#(third)].id)
                let firstEvents = Set(data.events.prefix(EventsRequest.defaultLimit).map(\.id))
                #expect(Set(page.items.map(\.eventID)).isSubset(of: firstEvents), "only the first page of events")
                #expect(Set(page.items.map(\.eventID)).count > 1, "spread over the events, not all about one")
                #expect(page.nextCursor == "\#(fixtureCursor(after: page))")
            }

            @Test("given the first page's cursor, when the next page is asked for, then the last \#(count - page) and no cursor: \#(count) in all")
            func nextPage() async throws {
                let first = try await service.\#(n.serviceMethod)(\#(n.name)Request())
                let second = try await service.\#(n.serviceMethod)(\#(n.name)Request(cursor: first.nextCursor))

                #expect(second.items.map(\.id) == Array(\#(page + 1)...\#(count)))
                #expect(second.nextCursor == nil)
                #expect(first.items + second.items == \#(n.name)FetcherSpy.fixtures(data))
            }

            @Test("given a cursor it did not issue or a page size out of range, when asked, then invalid input naming the field")
            func badRequests() async {
                await #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
                    try await service.\#(n.serviceMethod)(\#(n.name)Request(cursor: "e.1.2"))
                }
                await #expect(throws: ServiceError.invalidInput(field: "limit", reason: "expected 1...100, got 0")) {
                    try await service.\#(n.serviceMethod)(\#(n.name)Request(limit: 0))
                }
            }

            @Test("given the events cannot be fetched, when \#(n.phrase) are asked for, then the same error")
            func eventsFail() async {
                let service = Mock\#(n.name)Service(service: MockService(data: .test, fetchEvents: .failure(.offline)))

                await #expect(throws: ServiceError.offline) {
                    try await service.\#(n.serviceMethod)(\#(n.name)Request())
                }
            }

            @Test("given live mode's value, when \#(n.phrase) are asked for, then it says plainly that agora-server has none yet")
            func liveValue() async {
                await #expect(throws: ServiceError.unimplemented("\#(unimplementedEndpoint)")) {
                    try await Unavailable\#(n.name)Service().\#(n.serviceMethod)(\#(n.name)Request())
                }
                #expect(ServiceError.unimplemented("\#(unimplementedEndpoint)").description == "\#(unimplementedEndpoint) is not available in this mode.")
            }

            @Test("given the app's service and mode, when the assembly is applied, then OSS mode gets the mock, live mode the unavailable value, and both wirings validate", arguments: [ServiceMode.oss, .live])
            func assemblyPicksByMode(mode: ServiceMode) throws {
                let container = Container()
                container.register((any ServiceType).self) { _ in MockService(data: .test) }
                container.register(ServiceMode.self) { _ in mode }
                \#(n.name)Assembly().assemble(container: container)

                try container.validate()
                let service = try container.resolve((any \#(n.name)Service).self)
                switch mode {
                case .oss: #expect(service is Mock\#(n.name)Service)
                case .live: #expect(service is Unavailable\#(n.name)Service)
                }
                #expect(try container.resolve((any \#(n.name)Fetchable).self) is \#(n.name)UseCase)
            }
        }

        """#
    }
}
