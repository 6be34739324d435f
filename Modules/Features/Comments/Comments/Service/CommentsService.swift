import AgoraAPI
import AgoraModels

/// What Comments asks of a server: the feature's own client, declared, answered and traced in
/// the feature's files.
///
/// ``MockCommentsService`` answers in OSS mode, ``LiveCommentsService`` in live mode, and
/// ``CommentsAssembly`` registers the one the app's `ServiceMode` names, wrapped in a
/// ``TracedCommentsService``. Every failure is a `ServiceError`.
public protocol CommentsService: Sendable {
    /// An event's comments, newest first, one keyset page at a time.
    func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment>
    /// Posts a comment as the token's user.
    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment
    /// Deletes one of the token's user's own comments.
    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError)
}
