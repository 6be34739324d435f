import AgoraAPI
import AgoraCache
import AgoraModels

/// Comments' UseCase: the service for fresh data and for changes, the cache for what was seen
/// before.
public struct CommentsUseCase: CommentsFetchable, CommentsLoadable, CommentsPostable {
    private let service: any ServiceType
    private let cache: any ListCache<Comment>

    public init(service: any ServiceType, cache: any ListCache<Comment>) {
        self.service = service
        self.cache = cache
    }

    /// The cache's name for an event's comments: `events/<id>/comments`, like the route.
    public static func list(eventID: Event.ID) -> String {
        "events/\(eventID)/comments"
    }

    public func fetchComments(eventID: Event.ID, after cursor: String?) async throws(ServiceError) -> Page<Comment> {
        let page = try await service.fetchComments(CommentsRequest(eventID: eventID, cursor: cursor))
        if cursor == nil {
            await cache.replace(Self.list(eventID: eventID), with: page.items)
        } else {
            await cache.append(page.items, to: Self.list(eventID: eventID))
        }
        return page
    }

    public func loadComments(eventID: Event.ID) async -> [Comment] {
        await cache.items(in: Self.list(eventID: eventID))
    }

    public func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        let comment = try await service.postComment(draft, token: token)
        // The list is newest first and the cache can only append: rewrite it with the new one on top.
        let list = Self.list(eventID: comment.eventID)
        let cached = await cache.items(in: list).filter { $0.id != comment.id }
        await cache.replace(list, with: [comment] + cached)
        return comment
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await service.deleteComment(id: id, token: token)
        await cache.remove(id: id)
    }
}
