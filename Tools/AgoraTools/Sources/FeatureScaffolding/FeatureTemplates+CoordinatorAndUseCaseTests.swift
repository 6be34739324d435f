/// The templates of a feature's coordinator, UseCase and service tests.
extension FeatureTemplates {
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

                #expect(throws: CommandError("Expected a row number from 1 to 20, got '21'.")) {
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
