import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Asks the API for an event's comments and keeps them in the cache.
public protocol CommentsFetchable: Sendable {
    /// Fetches the page of `eventID`'s comments after `cursor`, newest first (`nil`: the first
    /// page, which replaces the cached list; a later page is appended to it). A fetch cancelled
    /// meanwhile (a refresh replaced it) leaves the cache alone.
    func fetchComments(eventID: Event.ID, after cursor: String?) async throws(ServiceError) -> Page<Comment>
}

/// Follows an event's comments in the cache, with no request: what a
/// screen shows at once, and again after each change (a page, a post, a delete).
public protocol CommentsLoadable: Sendable {
    /// The cached comments of `eventID`, newest first (empty when none were fetched yet), for
    /// the comments screen to follow: it changes with each page, post and delete.
    func cachedComments(eventID: Event.ID) -> CachedList<Comment>
    /// The title of `eventID` as this device last saw it (the events list, the event's screen),
    /// with no request; `nil` when the event was never shown here.
    func cachedEventTitle(eventID: Event.ID) async -> String?
}

/// Posts and deletes comments as the logged-in user, keeping the cache in step.
public protocol CommentsPostable: Sendable {
    /// Posts `comment` as the token's user; the server's comment goes to the top of the cached
    /// list. When the server cannot be reached, does not answer in time, fails (5xx) or sends
    /// an answer that cannot be read (the comment may be stored), the comment is kept in the
    /// outbox, to be sent when the server is back, and the outcome says it is queued; so it is
    /// when the session has ended (`.queued(.unauthorized)`: sent after the next login). Any
    /// other refusal is thrown.
    func postComment(_ comment: OutgoingComment, token: AccessToken) async throws(ServiceError) -> PostOutcome
    /// Deletes one of the token's user's comments and forgets it in the cache. A comment the
    /// server no longer has counts as deleted (an earlier attempt whose answer was lost).
    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError)
}

/// Sends the comments waiting in the outbox: nothing a user posted is lost, nothing is posted
/// twice.
public protocol CommentsQueueing: Sendable {
    /// `eventID`'s comments waiting in the outbox, oldest first.
    func queuedComments(eventID: Event.ID) async -> [OutgoingComment]
    /// Sends the comments `session`'s user queued on `eventID`, oldest first, each with its
    /// client id. Each leaves the outbox only once the server answered it: taken (it goes to
    /// the top of the cached list) or refused for good (4xx). The first that meets an
    /// unreachable or failing server, an unreadable answer or an expired session stops the
    /// sending; it and the rest stay queued. Sendings run one at a time, so no comment is sent twice at once.
    func sendQueuedComments(eventID: Event.ID, session: Session) async -> QueuedCommentsDelivery
    /// Gives up a queued comment: it leaves the outbox unsent.
    func discardQueuedComment(id: OutgoingComment.ID) async
}

/// How a post ended when it did not throw.
public enum PostOutcome: Hashable, Sendable {
    /// The server took it; its comment.
    case posted(Comment)
    /// The server could not take it now (this error); it waits in the outbox.
    case queued(ServiceError)
}

/// What sending the queued comments of an event did, by client id.
public struct QueuedCommentsDelivery: Hashable, Sendable {
    /// The comments the server took.
    public var posted: [OutgoingComment.ID: Comment]
    /// The comments the server refused for good (invalid, forbidden, not found), with why: they
    /// left the outbox.
    public var rejected: [OutgoingComment.ID: ServiceError]
    /// Why the sending stopped with comments still queued (offline, timeout, a server failure,
    /// an unreadable answer, an expired session); `nil` when it did not stop early.
    public var stoppedBy: ServiceError?

    public init(posted: [OutgoingComment.ID: Comment] = [:], rejected: [OutgoingComment.ID: ServiceError] = [:], stoppedBy: ServiceError? = nil) {
        self.posted = posted
        self.rejected = rejected
        self.stoppedBy = stoppedBy
    }
}
