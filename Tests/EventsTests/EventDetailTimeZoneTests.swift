import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Events
import Foundation
import Testing

/// An event's times as its page tells them: on the venue's clock with its zone, and on the
/// member's own as well when that reads otherwise.
@Suite("Events: an event's times in its venue's time zone")
struct EventDetailTimeZoneTests {
    /// 4 December 2026, 03:00 UTC: noon in Tokyo.
    let start = Date(timeIntervalSince1970: 1_796_353_200)

    func detail(venueZone: String?, memberZone: String) throws -> EventDetail {
        let event = Event(
            id: 6, title: "もくもく会", summary: "", venue: "渋谷ヒカリエ 8F", timeZone: venueZone, startsAt: start,
            endsAt: start.addingTimeInterval(7_200), hostID: 1, attendeeCount: 1, commentCount: 0)
        let environment = AgoraEnvironment.test(timeZone: try #require(TimeZone(identifier: memberZone)))
        return EventDetail(event: event, environment: environment, viewerID: nil)
    }

    @Test("given an event in Tokyo and a member in London, then its page says noon GMT+9, and 3 AM GMT for the member")
    func venueAndMember() throws {
        let event = try detail(venueZone: "Asia/Tokyo", memberZone: "Europe/London")

        #expect(event.when.contains("12:00") && event.when.contains("2:00"), "\(event.when)")
        #expect(event.timeZone == "GMT+9")
        #expect(event.whenForUser?.contains("3:00") == true && event.whenForUser?.hasSuffix(" GMT") == true, "\(event.whenForUser ?? "nil")")
        #expect(event.startsAt.dayText == "4" && event.startsAt.date == start, "the tile is the venue's day, the instant unchanged")
    }

    @Test("given an event in Tokyo and a member in Tokyo, then one time, with no second one")
    func sameZone() throws {
        let event = try detail(venueZone: "Asia/Tokyo", memberZone: "Asia/Tokyo")

        #expect(event.timeZone == "GMT+9" && event.whenForUser == nil)
    }

    @Test("given an event with no zone (online) or one this machine does not know, then the member's own zone and no second time")
    func noVenueZone() throws {
        for zone in [nil, "Mars/Olympus_Mons"] {
            let event = try detail(venueZone: zone, memberZone: "Europe/London")

            #expect(event.timeZone == "GMT" && event.whenForUser == nil)
            #expect(event.when.contains("3:00"), "\(event.when)")
        }
    }
}
