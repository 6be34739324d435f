import AgoraAPI
import AgoraMocks
import AgoraModels
import Events
import Foundation
import Synchronization
import Testing

@Suite("A feature's mock over MockService: Events'")
struct MockServiceTests {
    @Test("given default knobs, when events and an event are fetched, then they come from the fixtures")
    func defaultsToFixtures() async throws {
        let service = MockEventsService(mock: MockService(data: fixtures))

        let page = try await service.fetchEvents(EventsRequest())
        let event = try await service.fetchEvent(id: 12)

        #expect(page.items.map(asFixture) == (try fixtures.eventsPage(after: nil, limit: EventsRequest.defaultLimit)).items)
        #expect(page.items.count == 20)
        #expect(asFixture(event) == fixtures.events[11])
        #expect(event.attendees?.isEmpty == false && page.items.allSatisfy { $0.attendees?.isEmpty == false }, "who goes is told with each")
    }

    /// The event as the fixtures hold it: who goes is the backend's to tell (`MockBackendTests`).
    func asFixture(_ event: Event) -> Event {
        var event = event
        event.attendees = nil
        return event
    }

    @Test("given the default fixtures, when the next page is fetched with the cursor, then it continues the list")
    func fixturesPaginate() async throws {
        let service = MockEventsService(mock: MockService(data: fixtures))

        let first = try await service.fetchEvents(EventsRequest(limit: 5))
        let second = try await service.fetchEvents(EventsRequest(cursor: first.nextCursor, limit: 5))

        #expect(second.items.map(\.id) == Array(6...10))
    }

    @Test("given fetchEvents set to fail offline, when events are fetched, then it throws offline and fetchEvent still works")
    func failureKnob() async throws {
        let service = MockEventsService(mock: MockService(data: fixtures), fetchEvents: .failure(.offline))

        await #expect(throws: ServiceError.offline) {
            try await service.fetchEvents(EventsRequest())
        }
        #expect(asFixture(try await service.fetchEvent(id: 1)) == fixtures.events[0])
    }

    @Test("given fetchEvent set to fail, when an event is fetched, then it throws that error")
    func fetchEventFailureKnob() async {
        let service = MockEventsService(mock: MockService(data: fixtures), fetchEvent: .failure(.unauthorized))

        await #expect(throws: ServiceError.unauthorized) {
            try await service.fetchEvent(id: 1)
        }
    }

    @Test("given success knobs, when fetched, then those values are returned whatever the request")
    func successKnob() async throws {
        var event = Event.template
        event.title = "Swift 勉強会"
        let page = Page(items: [event], nextCursor: "next")
        let service = MockEventsService(mock: MockService(data: fixtures), fetchEvents: .success(page), fetchEvent: .success(event))

        #expect(try await service.fetchEvents(EventsRequest(cursor: "anything", limit: 3)) == page)
        #expect(try await service.fetchEvent(id: 999) == event)
    }

    @Test("given a handler, when fetched, then it sees each request and its answer is returned")
    func handlerKnob() async throws {
        let requests = Mutex<[EventsRequest]>([])
        let service = MockEventsService(
            mock: MockService(data: fixtures),
            fetchEvents: .handler { request in
                requests.withLock { $0.append(request) }
                return request.cursor == nil ? .success(Page(items: [.template], nextCursor: "2")) : .failure(.server(status: 503))
            })

        let first = try await service.fetchEvents(EventsRequest(limit: 7))
        await #expect(throws: ServiceError.server(status: 503)) {
            try await service.fetchEvents(EventsRequest(cursor: "2", limit: 7))
        }

        #expect(first.items == [.template])
        #expect(requests.withLock { $0 } == [EventsRequest(limit: 7), EventsRequest(cursor: "2", limit: 7)])
    }

    @Test("given an id not in the fixtures, when it is fetched, then it throws notFound naming the event")
    func unknownEventIsNotFound() async {
        let service = MockEventsService(mock: MockService(data: fixtures))

        await #expect(throws: ServiceError.notFound("event 999")) {
            try await service.fetchEvent(id: 999)
        }
    }

    @Test("given an invalid request, when events are fetched from the fixtures, then invalidInput names the field")
    func invalidRequest() async {
        let service = MockEventsService(mock: MockService(data: fixtures))

        let limitError = await #expect(throws: ServiceError.self) {
            try await service.fetchEvents(EventsRequest(limit: 0))
        }
        let cursorError = await #expect(throws: ServiceError.self) {
            try await service.fetchEvents(EventsRequest(cursor: "nope"))
        }

        #expect(invalidField(limitError) == "limit")
        #expect(invalidField(cursorError) == "cursor")
    }

    @Test("given a latency, when each endpoint answers, then it first sleeps that long on the injected clock")
    func latencySleepsOnTheClock() async throws {
        let clock = RecordingClock()
        let service = MockEventsService(mock: MockService(data: fixtures, latency: .milliseconds(300), clock: clock))

        _ = try await service.fetchEvents(EventsRequest())
        _ = try await service.fetchEvent(id: 1)

        #expect(clock.requestedSleeps == [.milliseconds(300), .milliseconds(300)])
    }

    @Test("given no latency, when an endpoint answers, then the clock is not used")
    func zeroLatencyDoesNotSleep() async throws {
        let clock = RecordingClock()
        let service = MockEventsService(mock: MockService(data: fixtures, clock: clock))

        _ = try await service.fetchEvents(EventsRequest())

        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test(
        "given a latency, when a feature's own endpoint is answered through the mock, then it sleeps as the mock's own do, then answers as the endpoint is set")
    func featureEndpointAnswersAsTheMocksOwn() async throws {
        let clock = RecordingClock()
        let service = MockService(data: fixtures, latency: .milliseconds(300), clock: clock)
        let fixtureAnswer = try await service.answer(MockEndpoint<Int, String>.fixtures, to: 7) { "fixture \($0)" }
        let setAnswer = await #expect(throws: ServiceError.self) {
            try await service.answer(MockEndpoint<Int, String>.failure(.offline), to: 7) { "fixture \($0)" }
        }

        #expect(fixtureAnswer == "fixture 7")
        #expect(setAnswer == .offline)
        #expect(clock.requestedSleeps == [.milliseconds(300), .milliseconds(300)])
    }

    @Test(
        "given items in list order, when paged by keyset, then pages of the limit, each cursor continuing after the last item, and a cursor of another kind refused"
    )
    func keysetPages() throws {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let items = (1...5).map { (id: $0, date: start.addingTimeInterval(Double($0) * 60)) }
        let first = try Page.keyset(of: items, after: nil, limit: 2, tag: "x") { ($0.date, $0.id) }
        let second = try Page.keyset(of: items, after: first.nextCursor, limit: 2, tag: "x") { ($0.date, $0.id) }
        let last = try Page.keyset(of: items, after: second.nextCursor, limit: 2, tag: "x") { ($0.date, $0.id) }

        #expect(first.items.map(\.id) == [1, 2])
        #expect(second.items.map(\.id) == [3, 4])
        #expect(last.items.map(\.id) == [5])
        #expect(last.nextCursor == nil)
        #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
            try Page.keyset(of: items, after: "e.1.2", limit: 2, tag: "x") { ($0.date, $0.id) }
        }
    }
}
