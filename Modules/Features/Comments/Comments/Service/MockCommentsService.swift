import AgoraAPI
import AgoraMocks
import AgoraModels

/// OSS mode's comments: the app's mock world (`MockService`: its fixtures, the comments users
/// posted and deleted, its latency and clock), every endpoint configurable:
///
///     MockCommentsService(fetchComments: .failure(.offline))
///     MockCommentsService(postComment: .failingOnce(with: .offline))
public struct MockCommentsService: CommentsService {
    /// The app's mock: its data, its state, its latency and its clock.
    public var mock: MockService
    /// How ``fetchComments(_:)`` answers: from the mock world unless a test sets it.
    public var fetchComments: MockEndpoint<CommentsRequest, Page<Comment>>
    /// How ``postComment(_:token:)`` answers.
    public var postComment: MockEndpoint<CommentDraft, Comment>
    /// How ``deleteComment(id:token:)`` answers.
    public var deleteComment: MockEndpoint<Comment.ID, Void>

    public init(
        mock: MockService = MockService(),
        fetchComments: MockEndpoint<CommentsRequest, Page<Comment>> = .fixtures,
        postComment: MockEndpoint<CommentDraft, Comment> = .fixtures,
        deleteComment: MockEndpoint<Comment.ID, Void> = .fixtures
    ) {
        self.mock = mock
        self.fetchComments = fetchComments
        self.postComment = postComment
        self.deleteComment = deleteComment
    }

    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        try await mock.answer(fetchComments, to: request) { request throws(ServiceError) in
            try mock.backend.commentsPage(request)
        }
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        try await mock.answer(postComment, to: draft) { draft throws(ServiceError) in
            try mock.backend.postComment(draft, token: token)
        }
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await mock.answer(deleteComment, to: id) { id throws(ServiceError) in
            try mock.backend.deleteComment(id: id, token: token)
        }
    }
}
