import AgoraArchitecture
import AgoraTestSupport
import Foundation
import Synchronization
import Testing

@Suite("AgoraEnvironment date formatting")
struct AgoraEnvironmentFormatTests {
    let reference = AgoraEnvironment.testReferenceDate  // Tue 1 Dec 2026, 00:00 UTC

    func at(hours: Double) -> Date {
        reference.addingTimeInterval(hours * 3_600)
    }

    @Test("given a start and end on the same day, when the span is formatted, then the end's date is left out")
    func sameDaySpanOmitsEndDate() {
        let environment = AgoraEnvironment.test()
        let start = at(hours: 19)
        let end = at(hours: 21)

        let span = environment.formatSpan(from: start, to: end)

        #expect(span == "\(environment.format(start)) – \(environment.formatTime(end))")
        #expect(span.hasPrefix("Tue, Dec 1, 2026"))
        #expect(span.components(separatedBy: "Dec").count == 2, "the date appears once: \(span)")
    }

    @Test("given a start and end on different days, when the span is formatted, then both dates are shown")
    func differentDaySpanShowsBothDates() {
        let environment = AgoraEnvironment.test()
        let start = at(hours: 23)
        let end = at(hours: 25)

        let span = environment.formatSpan(from: start, to: end)

        #expect(span == "\(environment.format(start)) – \(environment.format(end))")
        #expect(span.contains("Dec 1") && span.contains("Dec 2"), "\(span)")
    }

    @Test("given a time late in the UTC day, when formatted in Tokyo, then it falls on the next day")
    func timeZoneChangesTheDay() throws {
        let tokyo = AgoraEnvironment.test(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let utc = AgoraEnvironment.test()
        let date = at(hours: 19)

        #expect(utc.format(date).hasPrefix("Tue, Dec 1, 2026"), "\(utc.format(date))")
        #expect(tokyo.format(date).hasPrefix("Wed, Dec 2, 2026"), "\(tokyo.format(date))")
    }

    @Test("given a span across midnight UTC, when formatted in Tokyo where it is one day, then the end's date is left out")
    func timeZoneDecidesSameDay() throws {
        let tokyo = AgoraEnvironment.test(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let utc = AgoraEnvironment.test()
        let start = at(hours: 23)
        let end = at(hours: 25)

        #expect(tokyo.formatSpan(from: start, to: end) == "\(tokyo.format(start)) – \(tokyo.formatTime(end))")
        #expect(utc.formatSpan(from: start, to: end) != utc.format(start) + " – " + utc.formatTime(end))
    }

    @Test("given a 24-hour locale, when a time is formatted, then it reads as on a 24-hour clock")
    func localeChangesTimeFormat() {
        let german = AgoraEnvironment.test(locale: Locale(identifier: "de_DE"))
        let american = AgoraEnvironment.test()

        #expect(german.formatTime(at(hours: 19)) == "19:00")
        #expect(american.formatTime(at(hours: 19)).hasPrefix("7:00"))
    }

    @Test("given the environment's present, when a date near it is told relatively, then in words from that present, not the machine's")
    func relativeFromTheEnvironmentsPresent() {
        let environment = AgoraEnvironment.test()

        #expect(environment.displayDate(at(hours: -2)).relativeText == "2 hours ago")
        #expect(environment.displayDate(reference.addingTimeInterval(-5 * 60)).relativeText == "5 minutes ago")
        // Days are the calendar's, in the environment's zone: from Tuesday 00:00, Monday 00:00
        // is yesterday and Sunday 22:00 two days back, whatever the machine's clock reads.
        #expect(environment.displayDate(at(hours: -24)).relativeText == "yesterday")
        #expect(environment.displayDate(at(hours: -26)).relativeText == "2 days ago")
        #expect(environment.displayDate(at(hours: 3 * 24)).relativeText == "in 3 days")
        #expect(environment.displayDate(reference.addingTimeInterval(-40)).relativeText == "now", "not a count of seconds")
    }

    @Test("given a present that moves, when one date is told relatively again, then each minute's text follows it, and within a minute it is the same")
    func relativeFollowsThePresentByTheMinute() {
        let present = Mutex(reference)
        let environment = AgoraEnvironment(now: { present.withLock { $0 } }, locale: Locale(identifier: "en_US"), timeZone: .gmt)
        let written = environment.displayDate(reference.addingTimeInterval(-59 * 60))

        #expect(written.relativeText == "59 minutes ago")
        present.withLock { $0 = reference.addingTimeInterval(45) }
        #expect(written.relativeText == "59 minutes ago", "told from the start of the present's minute")
        present.withLock { $0 = reference.addingTimeInterval(60) }
        #expect(written.relativeText == "1 hour ago")
        present.withLock { $0 = reference.addingTimeInterval(3 * 86_400) }
        #expect(written.relativeText == "4 days ago", "Monday 23:01 from Friday 00:00: four calendar days")
        present.withLock { $0 = reference.addingTimeInterval(2 * 86_400 + 12 * 3_600) }
        #expect(written.relativeText == "3 days ago", "from Thursday noon")
    }

    @Test("given a date more than a week from the present, when told relatively, then it is the compact date instead")
    func farDatesAreDates() {
        let environment = AgoraEnvironment.test()
        let old = environment.displayDate(at(hours: -24 * 40))

        #expect(old.relativeText == old.compactText)
        #expect(old.relativeText.contains("Oct 22"), "got \(old.relativeText)")
    }

    @Test("given a Japanese locale, when a date is told relatively, then in Japanese")
    func relativeFollowsTheLocale() {
        let environment = AgoraEnvironment.test(locale: Locale(identifier: "ja_JP"))

        #expect(environment.displayDate(at(hours: -2)).relativeText == "2 時間前")
    }
}

@Suite("AgoraEnvironment formats each date once")
struct AgoraEnvironmentFormatMemoTests {
    let date = AgoraEnvironment.testReferenceDate.addingTimeInterval(19 * 3_600)

    @Test("given a date formatted once, when its locale changes, then the text follows the new locale")
    func localeChangeIsNotServedStale() {
        var environment = AgoraEnvironment.test()
        let american = environment.formatTime(date)

        environment.locale = Locale(identifier: "de_DE")

        #expect(american.hasPrefix("7:00"))
        #expect(environment.formatTime(date) == "19:00")
    }

    @Test("given a date formatted once, when its time zone changes, then the text follows the new zone")
    func timeZoneChangeIsNotServedStale() throws {
        var environment = AgoraEnvironment.test()
        #expect(environment.format(date).hasPrefix("Tue, Dec 1"))

        environment.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))

        #expect(environment.format(date).hasPrefix("Wed, Dec 2"), "\(environment.format(date))")
    }

    @Test("given a copy of the environment, when the copy's locale changes, then the original keeps its own")
    func copiesDoNotShareTexts() {
        let original = AgoraEnvironment.test()
        var copy = original
        copy.locale = Locale(identifier: "de_DE")

        #expect(copy.formatTime(date) == "19:00")
        #expect(original.formatTime(date).hasPrefix("7:00"))
    }

    @Test("given more dates than the memo holds, when all are formatted, then each text is still right")
    func boundedMemoStaysCorrect() {
        let environment = AgoraEnvironment.test()
        let style = Date.FormatStyle(
            date: .omitted, time: .shortened, locale: environment.locale, calendar: environment.calendar,
            timeZone: environment.timeZone
        )
        // One date a minute, past the capacity (50,000), then the first ones again.
        let dates = (0..<50_100).map { date.addingTimeInterval(Double($0) * 60) }
        for date in dates { _ = environment.formatTime(date) }
        for date in dates.prefix(200) + dates.suffix(200) {
            #expect(environment.formatTime(date) == style.format(date))
        }
    }
}
