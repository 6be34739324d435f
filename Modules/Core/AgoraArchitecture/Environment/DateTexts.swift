import Foundation
import Synchronization

/// Dates as the user reads them, each formatted once: a list redrawn or grown by a page asks for
/// the same dates again, and an ICU format costs microseconds where a lookup costs nanoseconds.
///
/// One per locale and time zone (``AgoraEnvironment`` makes a new one when either changes).
/// Holds at most ``capacity`` texts and starts over when full, so memory stays bounded.
final class DateTexts: Sendable {
    enum Style: Hashable, Sendable {
        /// "Tue, Dec 1, 2026, 19:00".
        case dateAndTime
        /// "19:00".
        case time
        /// "Dec 1, 19:00": day and time, for a narrow column.
        case compact
        /// "Dec": the month alone, for a date tile.
        case month
        /// "1": the day of the month alone, for a date tile.
        case day
        /// "5 minutes ago", from the present (``relativeText(for:now:)``, which keys it by minute).
        case relative
    }

    /// What decides the texts: two caches of one form give the same text for a date.
    struct Form: Hashable, Sendable {
        let locale: String
        let timeZone: String
        let spacing: ObjectIdentifier
    }

    private struct Key: Hashable {
        let date: Date
        let style: Style
        let plainSpaces: Bool
        /// For a relative text, the minute of the present it was told from; 0 for the others.
        var minute = 0
    }

    /// A few screens' worth: rows keep dates (`DisplayDate`) and a text is made when a row is
    /// printed, so this only spares formatting a date printed again (a table redrawn). Larger,
    /// a thread paged a thousand times would keep a text per comment here for nothing.
    static let capacity = 2_048

    private let dateAndTime: Date.FormatStyle
    private let time: Date.FormatStyle
    private let compact: Date.FormatStyle
    private let month: Date.FormatStyle
    private let day: Date.FormatStyle
    private let relative: Date.RelativeFormatStyle
    private let texts = Mutex<[Key: String]>([:])
    /// Whether the locale's narrow and no-break spaces become plain ones, read as each text is made.
    private let spacing: DateSpacing
    let form: Form

    init(locale: Locale, calendar: Calendar, timeZone: TimeZone, spacing: DateSpacing = DateSpacing()) {
        self.spacing = spacing
        form = Form(locale: locale.identifier, timeZone: timeZone.identifier, spacing: ObjectIdentifier(spacing))
        dateAndTime = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone)
            .weekday(.abbreviated)
        time = Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone)
        compact = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone).month(.abbreviated).day().hour().minute()
        month = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone).month(.abbreviated)
        day = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone).day()
        relative = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
    }

    /// How far `date` is from `now` in words ("now", "5 minutes ago", "yesterday", "in 2
    /// days"), told from the start of `now`'s minute; within a minute of it, "now", which does
    /// not tick by the second; more than a week either way, the compact form, since "last month"
    /// says less than a date.
    ///
    /// A relative format costs ICU ten times a date's, and a page of twenty comments asks for
    /// twenty: so a text is kept for its minute, which every page drawn in that minute shares.
    func relativeText(for date: Date, now: Date) -> String {
        let minute = Int((now.timeIntervalSinceReferenceDate / 60).rounded(.down))
        let present = Date(timeIntervalSinceReferenceDate: Double(minute) * 60)
        let distance = date.timeIntervalSince(present)
        guard abs(distance) <= Self.relativeReach else { return text(for: date, .compact) }
        return memo(Key(date: date, style: .relative, plainSpaces: spacing.isPlain, minute: minute)) {
            // Told from `present`, not from the machine's clock: "yesterday" is a matter of
            // calendar days, so a date moved to keep its distance from the machine's now would
            // be "2 days ago" just after the machine's midnight.
            let shown = abs(distance) < 60 ? present : date
            let style = Date.AnchoredRelativeFormatStyle(
                anchor: shown, presentation: relative.presentation, unitsStyle: relative.unitsStyle, locale: relative.locale,
                calendar: relative.calendar)
            return style.format(present)
        }
    }

    /// How far from now a date is still told relatively: a week.
    static let relativeReach: TimeInterval = 7 * 86_400

    /// `text` with every space separator (U+202F before "PM", U+00A0, thin spaces) as U+0020.
    static func withPlainSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .spaceSeparator ? " " : $0 }))
    }

    func text(for date: Date, _ style: Style) -> String {
        memo(Key(date: date, style: style, plainSpaces: spacing.isPlain)) {
            switch style {
            case .dateAndTime: dateAndTime.format(date)
            case .time: time.format(date)
            case .compact: compact.format(date)
            case .month: month.format(date)
            case .day: day.format(date)
            case .relative: relative.format(date)
            }
        }
    }

    /// The text kept for `key`, else `format`'s, kept (its spaces plain when the key says so).
    private func memo(_ key: Key, _ format: () -> String) -> String {
        if let text = texts.withLock({ $0[key] }) { return text }
        // Formatted outside the lock: two threads may both format a date, never block each other.
        let formatted = format()
        let text = key.plainSpaces ? Self.withPlainSpaces(formatted) : formatted
        texts.withLock { texts in
            if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
            texts[key] = text
        }
        return text
    }
}
