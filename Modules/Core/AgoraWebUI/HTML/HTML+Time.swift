import AgoraArchitecture
import Foundation

extension HTML {
    /// How a ``time(_:_:)`` element words its moment.
    public enum TimeWording: Sendable {
        /// Day and time: "Dec 1, 7:00 PM" (`DisplayDate.compactText`).
        case compact
        /// From the present: "5 minutes ago" (`DisplayDate.relativeText`), for a conversation.
        case relative
    }

    /// `date` as a `<time>` element: its instant in ISO 8601 for programs, the words `wording`
    /// picks, and the full date and time as its title, which a pointer resting on it shows.
    public static func time(_ date: DisplayDate, _ wording: TimeWording = .compact) -> HTML {
        let words =
            switch wording {
            case .compact: date.compactText
            case .relative: date.relativeText
            }
        return element("time", ["datetime": date.date.formatted(.iso8601), "title": date.text], [text(words)])
    }

    /// `date` as a `<time>` element whose words are `text` (a span, "Tue, Dec 1, 2026 at 7:00 PM –
    /// 9:00 PM GMT"): its instant in ISO 8601 for programs.
    public static func time(_ date: DisplayDate, text words: String) -> HTML {
        element("time", ["datetime": date.date.formatted(.iso8601)], [text(words)])
    }
}
