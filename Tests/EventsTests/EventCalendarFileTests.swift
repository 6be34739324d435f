import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Events
import Foundation
import Testing

/// An event as a file a member's calendar opens (RFC 5545): its fields in UTC and escaped, its
/// lines folded, nothing from the service able to add a line of its own.
@Suite("Events: an event as an iCalendar file")
struct EventCalendarFileTests {
    /// 1 December 2026, 19:00 UTC.
    let start = Date(timeIntervalSince1970: 1_796_151_600)

    func detail(title: String = "Rust meetup", venue: String = "Room 4, Hall B", summary: String = "Bring a laptop.") -> EventDetail {
        let event = Event(
            id: 42, title: title, summary: summary, venue: venue, startsAt: start, endsAt: start.addingTimeInterval(7_200), hostID: 1,
            attendeeCount: 3, commentCount: 0)
        return EventDetail(event: event, environment: .test(), viewerID: nil)
    }

    /// The file's lines as a calendar reads them: unfolded, CRLF taken off.
    func lines(_ file: EventCalendarFile) -> [String] {
        file.text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    @Test("given an event, then one VEVENT with its UID, its times in UTC, its title, place and summary, every line ended by CRLF")
    func fields() {
        let file = EventCalendarFile(event: detail(), madeAt: start.addingTimeInterval(-86_400))

        #expect(
            lines(file) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Agora//Events//EN", "BEGIN:VEVENT", "UID:event-42@agora",
                "DTSTAMP:20261130T190000Z", "DTSTART:20261201T190000Z", "DTEND:20261201T210000Z", "SUMMARY:Rust meetup",
                "LOCATION:Room 4\\, Hall B", "DESCRIPTION:Bring a laptop.", "END:VEVENT", "END:VCALENDAR",
            ])
        #expect(file.text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!file.text.replacingOccurrences(of: "\r\n", with: "").contains { $0 == "\n" || $0 == "\r" }, "no bare line break")
        #expect(file.fileName == "rust-meetup.ics")
    }

    @Test("given a title that tries to end its line and add a property, then it stays one escaped value, and control characters are left out")
    func hostileText() {
        let file = EventCalendarFile(
            event: detail(title: "Party\r\nATTENDEE:mailto:x@evil.example;X=1\u{7}\u{1B}[2J", summary: "a\\b\nc\td"), madeAt: start)
        let lines = lines(file)

        #expect(lines.contains("SUMMARY:Party\\nATTENDEE:mailto:x@evil.example\\;X=1[2J"))
        #expect(!lines.contains { $0.hasPrefix("ATTENDEE") }, "no line of its own")
        #expect(lines.contains("DESCRIPTION:a\\\\b\\nc\td"), "backslash escaped, the tab kept")
        #expect(!file.text.unicodeScalars.contains { $0.properties.generalCategory == .control && !["\r", "\n", "\t"].contains($0) })
    }

    @Test("given a long summary in several scripts, then each line is at most 75 octets and the folds never split a character")
    func folding() throws {
        let summary = String(repeating: "Tokyo 東京 Zürich 🇨🇭 ", count: 12)
        let file = EventCalendarFile(event: detail(summary: summary), madeAt: start)
        let physical = file.text.components(separatedBy: "\r\n").dropLast()

        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "\(physical.map(\.utf8.count))")
        #expect(physical.filter { $0.hasPrefix(" ") }.count > 3, "the summary was folded")
        #expect(lines(file).contains("DESCRIPTION:" + summary), "unfolding gives the text back whole")
    }

    @Test("given titles with no ASCII letter, punctuation or great length, then a plain file name")
    func fileNames() {
        #expect(EventCalendarFile(event: detail(title: "東京の夜"), madeAt: start).fileName == "event-42.ics")
        #expect(EventCalendarFile(event: detail(title: "  C++ & Swift: night #3!  "), madeAt: start).fileName == "c-swift-night-3.ics")
        let long = EventCalendarFile(event: detail(title: String(repeating: "ab ", count: 40)), madeAt: start).fileName
        #expect(long.count <= 64 && long.hasSuffix(".ics") && !long.contains("-.ics"))
    }
}
