import AgoraAPI
import AgoraDI
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Testing

@testable import TemplateItems

@Suite("Template items service: OSS mode's from the upcoming events, live mode's not there yet, picked by the mode")
struct TemplateItemsServiceTests {
    let data = MockData.test
    let service = MockTemplateItemsService(service: MockService(data: .test))

    @Test(
        "given the upcoming events, when the first page is asked for, then 20 template items, each about an event of the first page of events, spread over it, and a cursor to the rest"
    )
    func firstPage() async throws {
        let page = try await service.fetchTemplateItems(TemplateItemsRequest())

        #expect(page.items.map(\.id) == Array(1...20))
        let first = try #require(page.items.first)
        #expect(first.title == "Template item 1")
        #expect(first.summary == "Upcoming event #8")
        #expect(first.eventID == data.events[7].id)
        #expect(page.items[2].eventID == data.events[1].id)
        let firstEvents = Set(data.events.prefix(EventsRequest.defaultLimit).map(\.id))
        #expect(Set(page.items.map(\.eventID)).isSubset(of: firstEvents), "only the first page of events")
        #expect(Set(page.items.map(\.eventID)).count > 1, "spread over the events, not all about one")
        #expect(page.nextCursor == "templateItems.20")
    }

    @Test("given the first page's cursor, when the next page is asked for, then the last 5 and no cursor: 25 in all")
    func nextPage() async throws {
        let first = try await service.fetchTemplateItems(TemplateItemsRequest())
        let second = try await service.fetchTemplateItems(TemplateItemsRequest(cursor: first.nextCursor))

        #expect(second.items.map(\.id) == Array(21...25))
        #expect(second.nextCursor == nil)
        #expect(first.items + second.items == TemplateItemsFetcherSpy.fixtures(data))
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

    @Test("given the events cannot be fetched, when template items are asked for, then the same error")
    func eventsFail() async {
        let service = MockTemplateItemsService(service: MockService(data: .test, fetchEvents: .failure(.offline)))

        await #expect(throws: ServiceError.offline) {
            try await service.fetchTemplateItems(TemplateItemsRequest())
        }
    }

    @Test("given live mode's value, when template items are asked for, then it says plainly that agora-server has none yet")
    func liveValue() async {
        await #expect(throws: ServiceError.unimplemented("Template items (not on agora-server yet)")) {
            try await UnavailableTemplateItemsService().fetchTemplateItems(TemplateItemsRequest())
        }
        #expect(
            ServiceError.unimplemented("Template items (not on agora-server yet)").description
                == "Template items (not on agora-server yet) is not available in this mode.")
    }

    @Test(
        "given the app's service and mode, when the assembly is applied, then OSS mode gets the mock, live mode the unavailable value, and both wirings validate",
        arguments: [ServiceMode.oss, .live])
    func assemblyPicksByMode(mode: ServiceMode) throws {
        let container = Container()
        container.register((any ServiceType).self) { _ in MockService(data: .test) }
        container.register(ServiceMode.self) { _ in mode }
        TemplateItemsAssembly().assemble(container: container)

        try container.validate()
        let service = try container.resolve((any TemplateItemsService).self)
        switch mode {
        case .oss: #expect(service is MockTemplateItemsService)
        case .live: #expect(service is UnavailableTemplateItemsService)
        }
        #expect(try container.resolve((any TemplateItemsFetchable).self) is TemplateItemsUseCase)
    }
}
