import AgoraArchitecture
import AgoraModels

/// An event as its own screen shows it, ready to show (the events list shows an ``EventRow``).
public struct EventDetail: Hashable, Sendable {
    public let id: Event.ID
    public let title: String
    public let summary: String
    public let venue: String
    /// Start and end in the user's locale and time zone.
    public let when: String
    /// The time zone ``when`` is in, as its abbreviation at the start ("GMT", "GMT+9", "EST"):
    /// a member far from the venue reads the times as theirs, and should be told so.
    public let timeZone: String
    /// When it starts and ends, as dates (a view that shows them its own way, a program).
    public let startsAt: DisplayDate
    public let endsAt: DisplayDate
    public let attendeeCount: Int
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
        when = environment.formatSpan(from: event.startsAt, to: event.endsAt)
        timeZone = environment.timeZone.abbreviation(for: event.startsAt) ?? environment.timeZone.identifier
        startsAt = environment.displayDate(event.startsAt)
        endsAt = environment.displayDate(event.endsAt)
        attendeeCount = event.attendeeCount
        commentCount = event.commentCount
        isGoing = event.isGoing
        isHost = viewerID == event.hostID
        hostName = event.hostName
    }
}
