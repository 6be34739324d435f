import AgoraArchitecture
import AgoraModels
import Foundation

/// An event as its own screen shows it, ready to show (the events list shows an ``EventRow``).
public struct EventDetail: Hashable, Sendable {
    public let id: Event.ID
    public let title: String
    public let summary: String
    public let venue: String
    /// Start and end in the user's locale, told in the venue's time zone (the user's own for
    /// an event with no place): the times on the venue's clock, as the event announces them.
    public let when: String
    /// The time zone ``when`` is in, as its abbreviation at the start ("GMT", "GMT+9", "EST").
    public let timeZone: String
    /// Start and end in the user's own time zone with its abbreviation ("11:00 AM – 1:00 PM
    /// GMT"), when the venue's clock reads otherwise at the start; `nil` when it reads the same.
    public let whenForUser: String?
    /// When it starts and ends, as dates in the venue's time zone (a view that shows them its
    /// own way, a program).
    public let startsAt: DisplayDate
    public let endsAt: DisplayDate
    public let attendeeCount: Int
    /// A few of those going, the latest to answer first (empty when the copy does not say).
    public let attendees: [EventAttendee]
    /// Who is going, by name, in a phrase: "Alice Martin, Bob Okafor and 39 others"; `nil` when
    /// no names are known.
    public let whoIsGoing: String?
    public let commentCount: Int
    /// Whether the logged-in user is going (`false` when logged out).
    public let isGoing: Bool
    /// Whether the logged-in user hosts it (`false` when logged out): a host goes, and has no
    /// RSVP to change.
    public let isHost: Bool
    /// Who hosts it, by name; `nil` when the service did not say.
    public let hostName: String?

    /// - Parameters:
    ///   - event: the event as the service gave it.
    ///   - environment: the user's locale and time zone, for its dates.
    ///   - viewerID: the logged-in user, if any.
    public init(event: Event, environment: AgoraEnvironment, viewerID: User.ID?) {
        id = event.id
        title = event.title
        summary = event.summary
        venue = event.venue
        // The venue's clock: the user's locale, the venue's zone when the event names one.
        var venueClock = environment
        if let zone = event.timeZone.flatMap(TimeZone.init(identifier:)) { venueClock.timeZone = zone }
        when = venueClock.formatSpan(from: event.startsAt, to: event.endsAt)
        timeZone = Self.abbreviation(of: venueClock.timeZone, at: event.startsAt)
        let differs = venueClock.timeZone.secondsFromGMT(for: event.startsAt) != environment.timeZone.secondsFromGMT(for: event.startsAt)
        whenForUser =
            differs
            ? "\(environment.formatSpan(from: event.startsAt, to: event.endsAt)) \(Self.abbreviation(of: environment.timeZone, at: event.startsAt))"
            : nil
        startsAt = venueClock.displayDate(event.startsAt)
        endsAt = venueClock.displayDate(event.endsAt)
        attendeeCount = event.attendeeCount
        attendees = (event.attendees ?? []).map(EventAttendee.init)
        whoIsGoing = Self.phrase(naming: attendees.map(\.name), of: event.attendeeCount)
        commentCount = event.commentCount
        isGoing = event.isGoing
        isHost = viewerID == event.hostID
        hostName = event.hostName
    }

    /// The first few names, and how many others: "Alice Martin, Bob Okafor and 39 others".
    static func phrase(naming names: [String], of count: Int) -> String? {
        guard !names.isEmpty else { return nil }
        let shown = Array(names.prefix(namesInPhrase))
        let others = max(count - shown.count, 0)
        let items = others == 0 ? shown : shown + [others == 1 ? "1 other" : "\(others) others"]
        guard items.count > 1 else { return items[0] }
        return "\(items.dropLast().joined(separator: ", ")) and \(items[items.count - 1])"
    }

    /// A phrase names three at most: more reads as a list, and the faces show up to five.
    private static let namesInPhrase = 3

    private static func abbreviation(of zone: TimeZone, at date: Date) -> String {
        zone.abbreviation(for: date) ?? zone.identifier
    }
}
