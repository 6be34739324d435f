import AgoraAPI
import AgoraCache
import AgoraMocks
import AgoraModels
import Events
import Testing

@Suite("Events UseCase")
struct EventsUseCaseTests {
    let cache = InMemoryListCache<Event>()

    @Test("fetching the first page replaces the cached list; a further page appends")
    func fetchWritesCache() async throws {
        let useCase = EventsUseCase(service: MockService(data: .test), cache: cache)
        await cache.replace("events", with: [MockData.test.events[59]])

        let first = try await useCase.fetchEvents(after: nil)
        #expect(await useCase.loadEvents().map(\.id) == Array(1...20))

        _ = try await useCase.fetchEvents(after: first.nextCursor)
        #expect(await useCase.loadEvents().map(\.id) == Array(1...40))
    }

    @Test("fetching one event stores it; load reads it back with no request")
    func fetchEventStores() async throws {
        let useCase = EventsUseCase(service: MockService(data: .test), cache: cache)
        #expect(await useCase.loadEvent(id: 5) == nil)

        let event = try await useCase.fetchEvent(id: 5, viewer: nil)

        #expect(await useCase.loadEvent(id: 5) == event)
    }

    @Test("a failed fetch leaves the cache as it was and passes the error on")
    func failureKeepsCache() async {
        let useCase = EventsUseCase(service: MockService(data: .test, fetchEvents: .failure(.timeout)), cache: cache)
        await cache.replace("events", with: Array(MockData.test.events.prefix(2)))

        await #expect(throws: ServiceError.timeout) { try await useCase.fetchEvents(after: nil) }
        #expect(await useCase.loadEvents().map(\.id) == [1, 2])
    }
}
