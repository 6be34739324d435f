import AgoraModels

/// One change that concerns the signed-in member alone, whichever of their devices made it, as a
/// client hears of it while it follows them (``MemberChangesFollowing``).
public enum MemberChange: Sendable, Equatable {
    /// The member answered whether they go: the event as they see it (its ``Event/isGoing`` is
    /// theirs).
    case answered(Event)
    /// An entry came into the member's feed.
    case feedEntryAdded(Activity)
    /// An entry left the member's feed (its comment was deleted, its guest no longer goes).
    case feedEntryRemoved(Activity.ID)
    /// Changes were missed and cannot be told one by one: what is cached of the member's feed is
    /// out of date, and is loaded again.
    case missedSome
}
