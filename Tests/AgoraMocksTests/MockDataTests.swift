import AgoraAPI
import AgoraMocks
import AgoraModels
import Foundation
import Testing

@Suite("MockData")
struct MockDataTests {
    @Test("given the same reference date, when fixtures are made twice, then the events are equal")
    func isDeterministic() {
        let again = MockData(referenceDate: referenceDate)

        #expect(again.events == fixtures.events)
        #expect(again.users == fixtures.users)
    }

    @Test("given a later reference date, when fixtures are made, then the same events move by that much")
    func followsTheReferenceDate() {
        let nextDay = MockData(referenceDate: referenceDate.addingTimeInterval(86_400))

        #expect(nextDay.events.map(\.title) == fixtures.events.map(\.title))
        #expect(nextDay.events[0].startsAt.timeIntervalSince(fixtures.events[0].startsAt) == 86_400)
    }

    @Test("given the default fixtures, when inspected, then there are at least 50 events, some titled in Japanese")
    func hasEnoughVariedEvents() {
        let japanese = fixtures.events.filter { event in
            event.title.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
        }

        #expect(fixtures.events.count >= 50)
        #expect(!japanese.isEmpty)
        #expect(japanese.count < fixtures.events.count)
    }

    @Test("given the fixtures, when inspected, then events are in list order, after the reference date, with known hosts")
    func eventsAreConsistent() {
        let hostIDs = Set(fixtures.users.map(\.id))

        #expect(Set(fixtures.events.map(\.id)).count == fixtures.events.count, "ids are unique")
        for (earlier, later) in zip(fixtures.events, fixtures.events.dropFirst()) {
            #expect(earlier.startsAt < later.startsAt || (earlier.startsAt == later.startsAt && earlier.id < later.id))
        }
        for event in fixtures.events {
            #expect(event.startsAt > referenceDate)
            #expect(event.endsAt > event.startsAt)
            #expect(hostIDs.contains(event.hostID))
        }
    }

    @Test("given pages of 20, when paging to the end, then every event comes once in order and the last page has no cursor")
    func pagingYieldsEveryEventOnce() throws {
        var seen: [Event] = []
        var cursor: String?
        var pageCount = 0
        repeat {
            let page = try fixtures.eventsPage(after: cursor, limit: 20)
            #expect(page.items.count <= 20)
            seen += page.items
            cursor = page.nextCursor
            pageCount += 1
        } while cursor != nil && pageCount < 10

        #expect(seen == fixtures.events)
        #expect(pageCount == 3)
    }

    @Test("given a page size that does not divide the list, when paging, then the last page is short and has no cursor")
    func pagingWithRemainder() throws {
        let first = try fixtures.eventsPage(after: nil, limit: 50)
        let second = try fixtures.eventsPage(after: first.nextCursor, limit: 50)

        #expect(first.items.count == 50)
        #expect(first.nextCursor != nil)
        #expect(second.items.map(\.id) == Array(51...60))
        #expect(second.nextCursor == nil)
    }

    @Test("given no events, when the first page is asked for, then it is empty with no cursor")
    func emptyFixtures() throws {
        let page = try MockData(referenceDate: referenceDate, eventCount: 0).eventsPage(after: nil, limit: 20)

        #expect(page.items.isEmpty)
        #expect(page.nextCursor == nil)
    }

    @Test(
        "given a cursor the server did not issue, when a page is asked for, then invalidInput names the cursor",
        arguments: [
            "garbage", "", "e.1.2.3", "e.x.1", "f.1796083200.1",
        ])
    func invalidCursor(cursor: String) {
        let error = #expect(throws: ServiceError.self) {
            try fixtures.eventsPage(after: cursor, limit: 20)
        }
        #expect(invalidField(error) == "cursor")
    }

    @Test("given a limit outside 1...100, when a page is asked for, then invalidInput names the limit", arguments: [0, -1, 101])
    func invalidLimit(limit: Int) {
        let error = #expect(throws: ServiceError.self) {
            try fixtures.eventsPage(after: nil, limit: limit)
        }
        #expect(invalidField(error) == "limit")
    }

    @Test("given a limit at either end of 1...100, when a page is asked for, then it is answered")
    func limitBounds() throws {
        #expect(try fixtures.eventsPage(after: nil, limit: 1).items.map(\.id) == [1])
        #expect(try fixtures.eventsPage(after: nil, limit: 100).items.count == 60)
    }

    @Test("given an id, when the event is looked up, then known ids give the event and others nil")
    func eventByID() {
        #expect(fixtures.event(id: 7)?.id == 7)
        #expect(fixtures.event(id: 7) == fixtures.events[6])
        #expect(fixtures.event(id: 0) == nil)
        #expect(fixtures.event(id: 61) == nil)
    }

    @Test("given a moment in the day, when startOfToday is computed, then it is midnight UTC of that day")
    func startOfToday() {
        let evening = referenceDate.addingTimeInterval(20 * 3_600 + 59)

        #expect(MockData.startOfToday(now: evening) == referenceDate)
        #expect(MockData.startOfToday(now: referenceDate) == referenceDate)
    }
}
