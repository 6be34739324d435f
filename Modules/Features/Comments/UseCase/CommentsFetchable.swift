import AgoraAPI
import AgoraModels

/// Asks the API for an event's comments and keeps them in the cache (Eight's `Fetchable`).
public protocol CommentsFetchable: Sendable {
    /// Fetches the page of `eventID`'s comments after `cursor`, newest first (`nil`: the first
    /// page, which replaces the cached list; a later page is appended to it).
    func fetchComments(eventID: Event.ID, after cursor: String?) async throws(ServiceError) -> Page<Comment>
}

/// Reads an event's comments from the cache, with no request (Eight's `Loadable`): what a screen
/// shows at once.
public protocol CommentsLoadable: Sendable {
    /// The cached comments of `eventID`, newest first; empty when none were fetched yet.
    func loadComments(eventID: Event.ID) async -> [Comment]
}

/// Posts and deletes comments as the logged-in user, keeping the cache in step.
public protocol CommentsPostable: Sendable {
    /// Posts `draft` as the token's user; the server's comment goes to the top of the cached list.
    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment
    /// Deletes one of the token's user's comments and forgets it in the cache.
    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError)
}
