/// One change to an event or its comments, as the store records it in the same transaction as
/// the change itself: what kind, and the id of what changed. What a stream sends is read when
/// it sends it (``EventChangeFeed``).
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
    }

    /// Grows with every change, in the order the changes committed, on every server.
    let id: Int64
    let eventID: Int64
    let kind: Kind
    let subjectID: Int64

    /// How many changes the store keeps, of all events: a stream that resumes from before them
    /// is told to load the event again (`event: reset`).
    static let kept: Int64 = 10_000
}

/// The changes of one event after an id, and whether some after it are no longer kept.
struct EventChangeBacklog: Sendable {
    let changes: [EventChange]
    /// Some changes after the id asked for were let go: the client must load the event again.
    let missedSome: Bool
}
