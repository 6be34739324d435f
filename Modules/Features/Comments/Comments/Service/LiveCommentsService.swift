import AgoraAPI
import AgoraModels

/// Live mode's comments: asked of agora-server through the app's API client (`ServiceType`),
/// which speaks its contract.
public struct LiveCommentsService: CommentsService {
    /// agora-server's API.
    public let api: any ServiceType

    public init(api: any ServiceType) {
        self.api = api
    }

    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        try await api.fetchComments(request)
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        try await api.postComment(draft, token: token)
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await api.deleteComment(id: id, token: token)
    }
}
