import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Synchronization
import Testing

@testable import TemplateItems

@Suite("Template items from the feature's own service: OSS mode's placeholder questions, paged, live mode's refusal, and the wiring")
struct TemplateItemsServiceTests {
    let data = MockData.test
    let service = MockTemplateItemsService(mock: MockService(data: .test))

    @Test("given the fixtures, when the first page is asked for, then 20 questions about upcoming events, soonest to close first, and a cursor to the rest")
    func firstPage() async throws {
        let page = try await service.fetchTemplateItems(TemplateItemsRequest())

        #expect(page.items.map(\.id) == Array(1...20))
        #expect(page.items.first?.title == "Which evening suits the next meetup?")
        #expect(page.items.map(\.closesAt) == page.items.map(\.closesAt).sorted(), "soonest to close first")
        #expect(page.items.allSatisfy { $0.closesAt > data.referenceDate }, "every one still open")
        let eventIDs = Set(data.events.map(\.id))
        #expect(page.items.allSatisfy { eventIDs.contains($0.eventID) }, "each about an event that exists")
        #expect(Set(page.items.map(\.eventID)).count > 1, "spread over the events, not all about one")
        #expect(page.nextCursor != nil)
    }

    @Test("given the first page's cursor, when the next page is asked for, then the last 5 and no cursor: 25 in all")
    func nextPage() async throws {
        let first = try await service.fetchTemplateItems(TemplateItemsRequest())
        let second = try await service.fetchTemplateItems(TemplateItemsRequest(cursor: first.nextCursor))

        #expect(second.items.map(\.id) == Array(21...25))
        #expect(second.nextCursor == nil)
        #expect(first.items + second.items == data.templateItems)
    }

    @Test("given a cursor it did not issue or a page size out of range, when asked, then invalid input naming the field")
    func badRequests() async {
        await #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
            try await service.fetchTemplateItems(TemplateItemsRequest(cursor: "e.1.2"))
        }
        await #expect(throws: ServiceError.invalidInput(field: "limit", reason: "expected 1...100, got 0")) {
            try await service.fetchTemplateItems(TemplateItemsRequest(limit: 0))
        }
    }

    @Test("given the endpoint set to fail, when asked, then that error, the fixtures untouched")
    func configuredEndpoint() async {
        let failing = MockTemplateItemsService(mock: MockService(data: .test), fetchTemplateItems: .failure(.offline))

        await #expect(throws: ServiceError.offline) { try await failing.fetchTemplateItems(TemplateItemsRequest()) }
    }

    @Test("given live mode, when asked, then unimplemented, naming the feature: agora-server does not serve it yet")
    func liveModeRefuses() async {
        await #expect(throws: ServiceError.unimplemented("Template items (not on agora-server yet)")) {
            try await LiveTemplateItemsService().fetchTemplateItems(TemplateItemsRequest())
        }
    }

    @Test(
        "given OSS mode's registrations, when the assembly is applied, then the wiring validates, the service is the mock traced, the cache is the store's, and both roles are the one UseCase"
    )
    func assemblyInOSSMode() async throws {
        let trace = ServiceRequestTrace()
        let container = Self.container(mode: .oss, trace: trace)
        container.register(MockService.self) { _ in MockService(data: .test) }
        TemplateItemsAssembly().assemble(container: container)

        try container.validate()
        let service = try #require(try container.resolve((any TemplateItemsService).self) as? TracedTemplateItemsService)
        #expect(service.base is MockTemplateItemsService)
        #expect(try container.resolve((any ListCache<TemplateItem>).self) is InMemoryListCache<TemplateItem>)
        #expect(try container.resolve((any TemplateItemsFetchable).self) is TemplateItemsUseCase)
        #expect(try container.resolve((any TemplateItemsLoadable).self) is TemplateItemsUseCase)

        let endpoints = Mutex<[String]>([])
        trace.observe { record in endpoints.withLock { $0.append("\(record.endpoint): \((try? record.outcome.get()) ?? "failed")") } }
        _ = try await container.resolve((any TemplateItemsFetchable).self).fetchTemplateItems(after: nil)
        #expect(endpoints.withLock { $0 } == ["fetchTemplateItems: 20 items"], "the request is in the app's trace")
    }

    @Test("given live mode's registrations (no mock), when the assembly is applied, then the wiring validates and the service is the live one, traced")
    func assemblyInLiveMode() throws {
        let container = Self.container(mode: .live, trace: ServiceRequestTrace())
        TemplateItemsAssembly().assemble(container: container)

        try container.validate()
        let service = try #require(try container.resolve((any TemplateItemsService).self) as? TracedTemplateItemsService)
        #expect(service.base is LiveTemplateItemsService)
        #expect(service.mode == .live)
    }

    /// What the app registers for every feature: its mode, its trace and its cache store.
    static func container(mode: ServiceMode, trace: ServiceRequestTrace) -> Container {
        let container = Container()
        container.register(ServiceMode.self) { _ in mode }
        container.register(ServiceRequestTrace.self) { _ in trace }
        container.register((any ListCacheStore).self) { _ in InMemoryListCacheStore() }
        return container
    }
}
