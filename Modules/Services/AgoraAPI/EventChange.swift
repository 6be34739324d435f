import AgoraModels

/// One change to an event or its comments, made by anyone, as a client hears of it while it
/// follows the event (``EventChangesFollowing``).
public enum EventChange: Sendable, Equatable {
    /// A comment was posted.
    case commentPosted(Comment)
    /// A comment was deleted.
    case commentDeleted(Comment.ID)
    /// The event's counts changed (an RSVP). The event is as a stranger sees it: its
    /// ``Event/isGoing`` says nothing about the viewer.
    case eventChanged(Event)
    /// Changes were missed and cannot be told one by one (the server no longer keeps them):
    /// what is cached of the event is out of date, and is loaded again.
    case missedSome
}
