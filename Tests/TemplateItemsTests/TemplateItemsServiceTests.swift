import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import TemplateItems

@Suite("Template items from the service: OSS mode's placeholder questions, paged, and the feature's wiring")
struct TemplateItemsServiceTests {
    let data = MockData.test
    let service = MockService.unimplemented { $0.fetchTemplateItems = .fixtures }

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

    @Test(
        "given the app's service and cache store, when the assembly is applied, then the wiring validates, the cache is the store's, and both roles are the one UseCase"
    )
    func assembly() throws {
        let container = Container()
        container.register((any ServiceType).self) { _ in MockService(data: .test) }
        container.register((any ListCacheStore).self) { _ in InMemoryListCacheStore() }
        TemplateItemsAssembly().assemble(container: container)

        try container.validate()
        #expect(try container.resolve((any ListCache<TemplateItem>).self) is InMemoryListCache<TemplateItem>)
        #expect(try container.resolve((any TemplateItemsFetchable).self) is TemplateItemsUseCase)
        #expect(try container.resolve((any TemplateItemsLoadable).self) is TemplateItemsUseCase)
    }
}
