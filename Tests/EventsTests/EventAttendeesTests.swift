import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Events
import Foundation
import Testing

/// Who is going, as an event's page tells it: faces with initials, and the first names with how
/// many others.
@Suite("Events: who is going")
struct EventAttendeesTests {
    let alice = Author(id: 1, name: "Alice Martin")
    let bob = Author(id: 2, name: "Bob Okafor")
    let carol = Author(id: 3, name: "Carol Nguyen")
    let emi = Author(id: 4, name: "田中 恵美")

    func detail(count: Int, attendees: [Author]?) -> EventDetail {
        let start = Date(timeIntervalSince1970: 1_796_353_200)
        let event = Event(
            id: 6, title: "Swift meetup", summary: "", venue: "Hall", startsAt: start, endsAt: start.addingTimeInterval(3_600),
            hostID: 1, attendeeCount: count, attendees: attendees, commentCount: 0)
        return EventDetail(event: event, environment: .test(), viewerID: nil)
    }

    @Test("given five named of 41 going, then three names and 38 others, and five faces in the service's order")
    func manyGoing() {
        let five = [alice, bob, carol, emi, Author(id: 5, name: "Dmitri Volkov")]
        let event = detail(count: 41, attendees: five)

        #expect(event.whoIsGoing == "Alice Martin, Bob Okafor, Carol Nguyen and 38 others")
        #expect(event.attendees.map(\.initials) == ["AM", "BO", "CN", "田恵", "DV"])
        #expect(event.attendees.map(\.id) == [1, 2, 3, 4, 5])
    }

    @Test("given everyone going named, then no others; one other is said in the singular")
    func fewGoing() {
        #expect(detail(count: 2, attendees: [alice, bob]).whoIsGoing == "Alice Martin and Bob Okafor")
        #expect(detail(count: 1, attendees: [alice]).whoIsGoing == "Alice Martin")
        #expect(detail(count: 2, attendees: [alice]).whoIsGoing == "Alice Martin and 1 other")
        #expect(detail(count: 4, attendees: [alice, bob, carol]).whoIsGoing == "Alice Martin, Bob Okafor, Carol Nguyen and 1 other")
    }

    @Test("given a copy that names no one (a list's) or an empty list, then no phrase and no faces: the count alone")
    func noNames() {
        for attendees in [nil, [Author]()] {
            let event = detail(count: 12, attendees: attendees)

            #expect(event.whoIsGoing == nil && event.attendees.isEmpty)
            #expect(event.attendeeCount == 12)
        }
    }

    @Test("a name of one word gives one initial, a blank name a question mark, and initials are upper-cased")
    func initials() {
        let event = detail(count: 3, attendees: [Author(id: 7, name: "carol"), Author(id: 8, name: "  "), Author(id: 9, name: "émile de la tour")])

        #expect(event.attendees.map(\.initials) == ["C", "?", "ÉT"])
    }
}
