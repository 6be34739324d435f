import Foundation

/// A date ready to show, in two lengths and relatively: a view picks the form that fits (a narrow
/// screen or a compact size class takes ``compactText``, a conversation ``relativeText``), and a
/// program reading the output takes ``date``.
///
/// The ViewModel makes it with its environment (`AgoraEnvironment.displayDate(_:)`), which fixes
/// the locale and time zone; the texts are formatted when first read and kept in the
/// environment's bounded cache. So a row holds a date, not two strings: a thread paged a thousand
/// times keeps twenty thousand of them, and only the rows shown are ever formatted.
public struct DisplayDate: Hashable, Sendable {
    /// The instant.
    public let date: Date
    private let texts: DateTexts
    private let now: @Sendable () -> Date

    init(date: Date, texts: DateTexts, now: @escaping @Sendable () -> Date) {
        self.date = date
        self.texts = texts
        self.now = now
    }

    /// The full form, with weekday and year: "Tue, Dec 1, 2026 at 7:00 PM".
    public var text: String { texts.text(for: date, .dateAndTime) }
    /// The short form, day and time only: "Dec 1, 7:00 PM".
    public var compactText: String { texts.text(for: date, .compact) }
    /// The month alone: "Dec" ("12月" in Japanese), a date tile's first line.
    public var monthText: String { texts.text(for: date, .month) }
    /// The day of the month alone: "1", a date tile's second line.
    public var dayText: String { texts.text(for: date, .day) }
    /// How far from the environment's present, in words: "now" (within a minute), "5 minutes
    /// ago", "yesterday", "in 2 days"; more than a week away, ``compactText``. Told to the
    /// minute: the text follows the present as it moves, each minute's kept for that minute.
    public var relativeText: String { texts.relativeText(for: date, now: now()) }

    /// Equal when they are the same instant shown the same way (locale, time zone, spaces).
    public static func == (lhs: DisplayDate, rhs: DisplayDate) -> Bool {
        lhs.date == rhs.date && lhs.texts.form == rhs.texts.form
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(date)
        hasher.combine(texts.form)
    }
}

extension DisplayDate: CustomStringConvertible {
    public var description: String { text }
}

extension AgoraEnvironment {
    /// `date` to show in the user's locale and time zone, in either of ``DisplayDate``'s forms.
    public func displayDate(_ date: Date) -> DisplayDate {
        DisplayDate(date: date, texts: dateTexts, now: now)
    }
}
