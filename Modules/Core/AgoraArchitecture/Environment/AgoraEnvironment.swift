import Foundation

/// The side effects of time and place that screens and UseCases read (a small slice of
/// Kickstarter's `AppEnvironment`): injected, so tests fix them and output is reproducible.
public struct AgoraEnvironment: Sendable {
    /// The clock that delays and timeouts run on; tests pass a test or immediate clock.
    public var clock: any Clock<Duration>
    /// The current date (for "starts in 2 days" and the like).
    public var now: @Sendable () -> Date
    /// The user's locale, for dates and numbers.
    public var locale: Locale { didSet { dateTexts = Self.dateTexts(locale, timeZone, dateSpacing) } }
    /// The user's time zone, for dates.
    public var timeZone: TimeZone { didSet { dateTexts = Self.dateTexts(locale, timeZone, dateSpacing) } }
    /// Whether dates use plain spaces where the locale puts narrow or no-break ones ("5:00 PM"
    /// with U+202F): set by whoever knows where text goes — output read by a program, not a
    /// person, so a search for `5:00 PM` finds it. Never the ViewModels' choice. Setting it gives this
    /// environment a switch of its own (``dateSpacing``).
    public var plainSpacesInDates: Bool {
        get { dateSpacing.isPlain }
        set {
            dateSpacing = DateSpacing(plain: newValue)
            dateTexts = Self.dateTexts(locale, timeZone, dateSpacing)
        }
    }
    /// The switch behind ``plainSpacesInDates``, shared by every copy of this environment: the
    /// host turns it when output moves to a file and back, and screens already open follow.
    public private(set) var dateSpacing: DateSpacing
    /// Whether a list shows what the cache holds before its first page arrives: on a screen a
    /// person watches, yes (something shows at once); for a program reading the output, no — it
    /// sees each list once, as loaded, the same on every run whatever the cache held. Set by the
    /// host, like ``plainSpacesInDates``.
    public var showsCachedListsFirst = true
    /// The dates formatted so far, in this locale and time zone.
    private(set) var dateTexts: DateTexts

    public init(
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        locale: Locale = .current,
        timeZone: TimeZone = .current,
        plainSpacesInDates: Bool = false
    ) {
        self.clock = clock
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        dateSpacing = DateSpacing(plain: plainSpacesInDates)
        dateTexts = Self.dateTexts(locale, timeZone, dateSpacing)
    }

    /// A calendar in the user's locale and time zone.
    public var calendar: Calendar {
        Self.calendar(locale, timeZone)
    }

    private static func calendar(_ locale: Locale, _ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        return calendar
    }

    private static func dateTexts(_ locale: Locale, _ timeZone: TimeZone, _ spacing: DateSpacing) -> DateTexts {
        DateTexts(locale: locale, calendar: calendar(locale, timeZone), timeZone: timeZone, spacing: spacing)
    }

    /// A time of day as the user reads it, e.g. "19:00" or "7:00 PM".
    public func formatTime(_ date: Date) -> String {
        dateTexts.text(for: date, .time)
    }

    /// A day and time without weekday or year, for a narrow column: "Dec 1, 19:00" or "12月1日 19:00".
    public func formatCompact(_ date: Date) -> String {
        dateTexts.text(for: date, .compact)
    }

    /// A span, with the end's date left out when it is the same day: "Tue, Dec 1, 2026, 19:00 – 21:00".
    public func formatSpan(from start: Date, to end: Date) -> String {
        let endText = calendar.isDate(start, inSameDayAs: end) ? formatTime(end) : format(end)
        return "\(format(start)) – \(endText)"
    }

    /// A date and time as the user reads them, e.g. "Tue, Dec 1, 2026, 19:00" or "2026年12月1日(火) 19:00".
    public func format(_ date: Date) -> String {
        dateTexts.text(for: date, .dateAndTime)
    }
}
