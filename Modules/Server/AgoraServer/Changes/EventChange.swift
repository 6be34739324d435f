/// One change, as the store records it in the same transaction as the change itself: what kind,
/// the id of what changed, and whom it concerns. A change of an event concerns everyone who
/// follows the event; a change of a member's own view (their answer, their feed, their
/// sessions) concerns that member only. What a stream sends is read when it sends it
/// (``ChangeFeed``).
struct EventChange: Sendable, Hashable {
    /// What changed.
    enum Kind: String, Sendable {
        /// A comment was posted; the subject is the comment.
        case comment
        /// A comment was deleted; the subject is the comment.
        case commentDeleted = "comment-deleted"
        /// The event's counts changed (an RSVP, a comment posted or deleted); the subject is the
        /// event.
        case event
        /// The member answered whether they go; the subject is the event. The member's own.
        case rsvp
        /// An entry came into the member's feed; the subject is the activity. The member's own.
        case activity
        /// An entry left the member's feed (its comment was deleted, its guest no longer goes);
        /// the subject is the activity. The member's own.
        case activityDeleted = "activity-deleted"
        /// A session of the member ended before its time (a logout, or a newer login past the
        /// account's limit); the subject is the member. Never sent: the member's streams check
        /// their own session when it comes.
        case sessionEnded = "session-ended"
    }

    /// Grows with every change, in the order the changes committed, on every server.
    let id: Int64
    /// The event it is about; 0 for ``Kind/sessionEnded``, which is about none.
    let eventID: Int64
    let kind: Kind
    let subjectID: Int64
    /// The member it concerns alone; `nil` for a change everyone who follows the event sees.
    let memberID: Int64?

    /// Who follows this change.
    var topic: ChangeTopic { memberID.map(ChangeTopic.member) ?? .event(eventID) }

    /// How many changes the store keeps, of all events and members: a stream that resumes from
    /// before them is told to load what it shows again (`event: reset`).
    static let kept: Int64 = 10_000
}

/// What a stream of changes follows: one event, as anyone sees it, or one member's own view.
enum ChangeTopic: Sendable, Hashable, CustomStringConvertible {
    case event(Int64)
    case member(Int64)

    /// As the stream's first line names it: `event 6`, `member 2`.
    var description: String {
        switch self {
        case .event(let id): "event \(id)"
        case .member(let id): "member \(id)"
        }
    }
}

/// The changes of one topic after an id, and whether some after it are no longer kept.
struct EventChangeBacklog: Sendable {
    let changes: [EventChange]
    /// Some changes after the id asked for were let go: the client must load again.
    let missedSome: Bool
}
