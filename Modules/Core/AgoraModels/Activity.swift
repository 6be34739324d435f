import Foundation

/// One entry of a user's activity feed.
public struct Activity: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    /// What happened.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Someone commented on an event the user attends.
        case commented
        /// Someone is going to an event the user hosts.
        case rsvped
        /// An event the user attends starts soon.
        case startingSoon
    }

    public let id: ID
    public var kind: Kind
    public var occurredAt: Date
    public var eventID: Event.ID
    public var eventTitle: String
    /// Who did it; `nil` for ``Kind/startingSoon``.
    public var actor: Author?
    /// The comment, for ``Kind/commented``.
    public var commentID: Comment.ID?
    /// The start of the comment, for ``Kind/commented``.
    public var excerpt: String?
    /// When the event starts, for ``Kind/startingSoon``: what a member wants to know of it,
    /// where ``occurredAt`` only places the reminder in the feed.
    public var startsAt: Date?

    public init(
        id: ID, kind: Kind, occurredAt: Date, eventID: Event.ID, eventTitle: String,
        actor: Author? = nil, commentID: Comment.ID? = nil, excerpt: String? = nil, startsAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.eventID = eventID
        self.eventTitle = eventTitle
        self.actor = actor
        self.commentID = commentID
        self.excerpt = excerpt
        self.startsAt = startsAt
    }
}
