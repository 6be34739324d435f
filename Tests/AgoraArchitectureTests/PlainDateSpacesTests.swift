import AgoraArchitecture
import Foundation
import Testing

@Suite("Dates for output that is not a terminal")
struct PlainDateSpacesTests {
    static let date = Date(timeIntervalSince1970: 1_796_230_800)  // 2026-12-02 17:00 UTC

    func environment(plain: Bool) -> AgoraEnvironment {
        AgoraEnvironment(locale: Locale(identifier: "en_US"), timeZone: .gmt, plainSpacesInDates: plain)
    }

    @Test("given plain spaces, when a date and time or a span is formatted, then every space is U+0020 and `5:00 PM` is found")
    func plain() {
        let environment = environment(plain: true)
        let texts = [environment.format(Self.date), environment.formatTime(Self.date), environment.formatSpan(from: Self.date, to: Self.date + 3_600)]

        for text in texts {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .spaceSeparator && $0 != " " }, "\(text.debugDescription)")
        }
        #expect(texts[1] == "5:00 PM")
    }

    @Test("given the default, when a time is formatted, then the locale's own spaces are kept and only the text differs, not the date")
    func typographic() {
        let typographic = environment(plain: false).formatTime(Self.date)

        #expect(typographic.replacingOccurrences(of: "\u{202F}", with: " ") == "5:00 PM")
    }

    @Test("given an environment, when plain spaces are switched on later, then dates formatted after use them")
    func switchedLater() {
        var environment = environment(plain: false)
        _ = environment.formatTime(Self.date)

        environment.plainSpacesInDates = true

        #expect(environment.formatTime(Self.date) == "5:00 PM")
    }
}
