import AgoraAPI
import AgoraModels

/// A ``CommentsService`` that reports each request of the one it wraps to the app's
/// `ServiceRequestTrace`: the mock and the live service carry no tracing code.
public struct TracedCommentsService: CommentsService {
    /// The service that answers.
    public let base: any CommentsService
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any CommentsService, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        try await trace.run("fetchComments", mode: mode, summary: ServiceRequestTrace.pageSummary) { () throws(ServiceError) in
            try await base.fetchComments(request)
        }
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        try await trace.run("postComment", mode: mode, summary: { "comment \($0.id)" }) { () throws(ServiceError) in
            try await base.postComment(draft, token: token)
        }
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await trace.run("deleteComment \(id)", mode: mode, summary: { "done" }) { () throws(ServiceError) in
            try await base.deleteComment(id: id, token: token)
        }
    }
}
