import AgoraAPI
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events
import Testing

@Suite("Events UseCase")
struct EventsUseCaseTests {
    let cache = InMemoryListCache<Event>()

    @Test("fetching the first page replaces the cached list; a further page appends")
    func fetchWritesCache() async throws {
        let useCase = EventsUseCase(service: MockEventsService.unimplemented { $0.fetchEvents = .fixtures }, cache: cache)
        await cache.replace("events", with: [MockData.test.events[59]])

        let first = try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil)
        #expect(await cache.items(in: "events").map(\.id) == Array(1...20))

        _ = try await useCase.fetchEvents(.upcoming, after: first.nextCursor, viewer: nil)
        #expect(await cache.items(in: "events").map(\.id) == Array(1...40))
    }

    @Test("fetching one event stores it; observing it shows the cached copy with no request")
    @MainActor
    func fetchEventStores() async throws {
        var service = MockEventsService.unimplemented()
        service.fetchEvent = .fixtures
        let useCase = EventsUseCase(service: service, cache: cache)
        let observed = Observed<Event?>()
        let subscription = await useCase.observeEvent(id: 5, observed.onChange)
        #expect(observed.values == [nil])

        let event = try await useCase.fetchEvent(id: 5, viewer: nil)

        #expect(observed.values == [nil, event])
        subscription.cancel()
    }

    @Test("observing the list shows the cached list at once, then each fetched page")
    @MainActor
    func observeEventsFollowsFetches() async throws {
        let useCase = EventsUseCase(service: MockEventsService.unimplemented { $0.fetchEvents = .fixtures }, cache: cache)
        await cache.replace("events", with: [MockData.test.events[59]])
        let observed = Observed<[Event.ID]>()
        let subscription = await useCase.cachedEvents(.upcoming).observe { observed.onChange($0.items.map(\.id)) }

        let first = try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil)
        _ = try await useCase.fetchEvents(.upcoming, after: first.nextCursor, viewer: nil)

        #expect(observed.values == [[60], Array(1...20), Array(1...40)])
        subscription.cancel()
    }

    @Test("an RSVP stores the updated event, so every screen following it sees the new count")
    @MainActor
    func rsvpStores() async throws {
        let useCase = EventsUseCase(
            service: MockEventsService.unimplemented {
                $0.fetchEvents = .fixtures
                $0.rsvp = .fixtures
            }, cache: cache)
        _ = try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil)
        let observed = Observed<Int?>()
        let subscription = await useCase.cachedEvents(.upcoming).observe { observed.onChange($0.items.first { $0.id == 6 }?.attendeeCount) }
        let before = MockData.test.events[5].attendeeCount
        let wasGoing = MockData.test.attends(userID: 1, eventID: 6)

        _ = try await useCase.rsvp(eventID: 6, going: !wasGoing, token: Session.demo().token)

        #expect(observed.values == [before, before + (wasGoing ? -1 : 1)])
        subscription.cancel()
    }

    @Test("a fetch whose task was cancelled meanwhile leaves the cache as it was")
    func cancelledFetchLeavesCache() async throws {
        let useCase = EventsUseCase(service: MockEventsService.unimplemented { $0.fetchEvents = .fixtures }, cache: cache)
        await cache.replace("events", with: [MockData.test.events[59]])

        let fetch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil)
        }
        let page = try await fetch.value

        #expect(page.items.count == 20, "the page is still answered")
        #expect(await cache.items(in: "events").map(\.id) == [60])
    }

    @Test("a failed fetch leaves the cache as it was and passes the error on")
    func failureKeepsCache() async {
        let useCase = EventsUseCase(service: MockEventsService.unimplemented { $0.fetchEvents = .failure(.timeout) }, cache: cache)
        await cache.replace("events", with: Array(MockData.test.events.prefix(2)))

        await #expect(throws: ServiceError.timeout) { try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil) }
        #expect(await cache.items(in: "events").map(\.id) == [1, 2])
    }
}

/// Every value an observation showed, on the main actor where screens take them.
@MainActor
final class Observed<Value: Sendable> {
    private(set) var values: [Value] = []

    nonisolated init() {}

    nonisolated var onChange: @MainActor @Sendable (Value) -> Void {
        { [weak self] value in self?.values.append(value) }
    }
}

@Suite("MockEventsService.unimplemented: a request no test expected fails the test")
struct UnimplementedEndpointTests {
    @Test("given an unimplemented service, when the list is fetched, then the test fails naming fetchEvents and the caller gets a 501")
    func unexpectedCallFailsNamingTheEndpoint() async {
        let useCase = EventsUseCase(service: MockEventsService.unimplemented(), cache: InMemoryListCache<Event>())

        await withKnownIssue {
            await #expect(throws: ServiceError.server(status: 501)) { try await useCase.fetchEvents(.upcoming, after: nil, viewer: nil) }
        } matching: { issue in
            issue.description.contains("MockEventsService.fetchEvents was called")
        }
    }
}
