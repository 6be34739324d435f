import Foundation

/// A date ready to show, in two lengths, and the date itself: a view picks the form that fits
/// (a narrow terminal or a compact size class takes ``compactText``), and a program reading the
/// output takes ``date``. The ViewModel formats both, so no view formats a date.
public struct DisplayDate: Hashable, Sendable {
    /// The instant.
    public let date: Date
    /// The full form, with weekday and year: "Tue, Dec 1, 2026 at 7:00 PM".
    public let text: String
    /// The short form, day and time only: "Dec 1, 7:00 PM".
    public let compactText: String

    public init(date: Date, text: String, compactText: String) {
        self.date = date
        self.text = text
        self.compactText = compactText
    }
}

extension AgoraEnvironment {
    /// `date` in both of ``DisplayDate``'s forms, in the user's locale and time zone.
    public func displayDate(_ date: Date) -> DisplayDate {
        DisplayDate(date: date, text: format(date), compactText: formatCompact(date))
    }
}
