import Foundation

/// A community event: the central value of Agora's domain.
public struct Event: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    public let id: ID
    public var title: String
    public var summary: String
    public var venue: String
    /// The venue's time zone, as an IANA identifier (`Asia/Tokyo`): its times are told there.
    /// `nil` for an event with no place (online) or when the service did not say.
    public var timeZone: String?
    public var startsAt: Date
    public var endsAt: Date
    public var hostID: User.ID
    /// The host's name, as members see it; `nil` when the service did not say (an account gone).
    public var hostName: String?
    public var attendeeCount: Int
    /// A few of those going, the latest to answer first (the service gives five at most); `nil`
    /// when the copy does not say.
    public var attendees: [Author]?
    public var commentCount: Int
    /// Whether the user who asked is going; always `false` for a request without a session.
    public var isGoing: Bool

    public init(
        id: ID, title: String, summary: String, venue: String, timeZone: String? = nil, startsAt: Date, endsAt: Date,
        hostID: User.ID, hostName: String? = nil, attendeeCount: Int, attendees: [Author]? = nil, commentCount: Int,
        isGoing: Bool = false
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.venue = venue
        self.timeZone = timeZone
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.hostID = hostID
        self.hostName = hostName
        self.attendeeCount = attendeeCount
        self.attendees = attendees
        self.commentCount = commentCount
        self.isGoing = isGoing
    }
}
