import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    @concurrent
    public func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        let key = "\(request.eventID)|\(request.cursor ?? "")|\(request.limit)"
        let kept = commentsPages.answer(for: key)
        let limit = Int32(clamping: request.limit)
        let output = try await send { client in
            try await client.listComments(
                path: .init(eventID: Int64(request.eventID)),
                query: .init(cursor: request.cursor, limit: limit),
                headers: .init(ifNoneMatch: kept?.etag)
            )
        }
        switch output {
        case .ok(let ok):
            let body = try decoded { try ok.body.json }
            let page = try Page(wire: body.items, nextCursor: body.nextCursor, limit: limit, Comment.init)
            commentsPages.remember(page, etag: ok.headers.eTag, for: key)
            return page
        case .notModified: return try unchanged(kept)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .notFound: throw .notFound("event \(request.eventID)")
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        let output = try await send(as: token) { client in
            try await client.postComment(
                path: .init(eventID: Int64(draft.eventID)),
                body: .json(.init(body: draft.body, clientID: draft.clientID))
            )
        }
        switch output {
        // 200: this clientID was posted before (a retry after a lost answer): the same comment.
        case .ok(let ok): return Comment(try decoded { try ok.body.json })
        case .created(let created): return Comment(try decoded { try created.body.json })
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notFound: throw .notFound("event \(draft.eventID)")
        case .conflict(let response): throw .conflict(try decoded { try response.body.json })
        case .contentTooLarge(let response): throw .tooLarge(try decoded { try response.body.json })
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .requestTimeout: throw .timeout
        case .unsupportedMediaType(let response): throw .refused(try decoded { try response.body.json })
        // Posting too fast: the comment is not stored, and a later try is; as a server failure,
        // the outbox keeps it and sends it again.
        case .tooManyRequests: throw .server(status: 429)
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        let output = try await send(as: token) { client in
            try await client.deleteComment(path: .init(commentID: Int64(id)))
        }
        switch output {
        case .noContent: return
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .forbidden: throw .forbidden("delete another member's comment")
        case .notFound: throw .notFound("comment \(id)")
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }
}
