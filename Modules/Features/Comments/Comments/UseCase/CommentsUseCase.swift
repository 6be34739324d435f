import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Comments' UseCase: the service for fresh data and for changes, the cache for what was seen
/// before, the outbox for what the server could not take yet.
public struct CommentsUseCase: CommentsFetchable, CommentsLoadable, CommentsPostable, CommentsQueueing {
    private let service: any CommentsService
    private let cache: any ListCache<Comment>
    /// The cached events, read for the title of the event whose comments are shown.
    private let events: any ListCache<Event>
    private let outbox: any Outbox<OutgoingComment>
    /// One sending of the outbox at a time. The app registers one UseCase, as it has one outbox.
    private let sending = SerialRunner()

    /// - Parameters:
    ///   - service: the API, for pages, posts and deletes.
    ///   - cache: the cached comments, by event.
    ///   - events: the cached events, for an event's title; only read.
    ///   - outbox: the comments the server could not take yet.
    public init(service: any CommentsService, cache: any ListCache<Comment>, events: any ListCache<Event>, outbox: any Outbox<OutgoingComment>) {
        self.service = service
        self.cache = cache
        self.events = events
        self.outbox = outbox
    }

    /// The cache's name for an event's comments: `events/<id>/comments`, like the route.
    public static func list(eventID: Event.ID) -> String {
        "events/\(eventID)/comments"
    }

    // MARK: Fetching and following

    public func fetchComments(eventID: Event.ID, after cursor: String?) async throws(ServiceError) -> Page<Comment> {
        let page = try await service.fetchComments(CommentsRequest(eventID: eventID, cursor: cursor))
        // Replaced by a newer request (a refresh) or stopped by the user: the page is dropped,
        // so it must not reach the list either.
        guard !Task.isCancelled else { return page }
        if cursor == nil {
            await cache.replace(Self.list(eventID: eventID), with: page.items)
        } else {
            await cache.append(page.items, to: Self.list(eventID: eventID))
        }
        return page
    }

    /// A thread can be long: the cache hands over what changed, and the screen reads the
    /// comments it shows.
    public func cachedComments(eventID: Event.ID) -> CachedList<Comment> {
        cache.cachedList(Self.list(eventID: eventID))
    }

    public func cachedEventTitle(eventID: Event.ID) async -> String? {
        await events.item(id: eventID)?.title
    }

    // MARK: Posting and deleting

    public func postComment(_ comment: OutgoingComment, token: AccessToken) async throws(ServiceError) -> PostOutcome {
        do throws(ServiceError) {
            let posted = try await service.postComment(comment.draft, token: token)
            await putOnTop(posted)
            return .posted(posted)
        } catch  where Self.isWorthWaitingFor(error) || error == .unauthorized {
            // An ended session is kept too: the comment waits for the next login, also when
            // agora quits before it (it used to live only on the screen, and went with it).
            let failure = error
            do {
                try await outbox.add(comment)
            } catch {
                // Not kept: the screen keeps the text as a failed post instead.
                throw failure
            }
            return .queued(failure)
        }
    }

    public func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        do throws(ServiceError) {
            try await service.deleteComment(id: id, token: token)
        } catch .notFound {
            // Gone already, which is what was asked: typically an earlier attempt deleted it
            // and its answer was lost, and the user tried again. Saying "not found" then, and
            // keeping the row, told the user the delete had failed when it had not.
        }
        await cache.remove(id: id)
    }

    // MARK: The outbox

    public func queuedComments(eventID: Event.ID) async -> [OutgoingComment] {
        await outbox.entries().filter { $0.draft.eventID == eventID }
    }

    public func sendQueuedComments(eventID: Event.ID, session: Session) async -> QueuedCommentsDelivery {
        let outbox = self.outbox
        let service = self.service
        let useCase = self
        return await sending.run {
            var delivery = QueuedCommentsDelivery()
            // Read inside the turn: what a sending before this one took is gone already.
            let queued = await outbox.entries().filter { $0.draft.eventID == eventID && $0.authorID == session.user.id }
            for comment in queued {
                guard !Task.isCancelled else { break }
                do throws(ServiceError) {
                    let posted = try await service.postComment(comment.draft, token: session.token)
                    await outbox.remove(id: comment.id)
                    await useCase.putOnTop(posted)
                    delivery.posted[comment.id] = posted
                } catch  where Self.isWorthWaitingFor(error) || error == .unauthorized {
                    delivery.stoppedBy = error
                    break
                } catch {
                    await outbox.remove(id: comment.id)
                    delivery.rejected[comment.id] = error
                }
            }
            return delivery
        }
    }

    public func discardQueuedComment(id: OutgoingComment.ID) async {
        await outbox.remove(id: id)
    }

    // MARK: Helpers

    /// Whether a post that failed this way is kept to send later: the server could not be
    /// reached, did not answer in time, failed (5xx), or sent an answer that cannot be read.
    /// Other errors are answers: the server refused the comment.
    ///
    /// An unreadable answer is no refusal: the server may have stored the comment and only its
    /// answer was garbled (a proxy, a cut connection). Treated as a failure, the comment showed
    /// as "not sent" while it was on the server, and was gone for good when agora quit while
    /// it was not. Kept in the outbox, it is sent again with its client id: the server answers
    /// with the comment it stored, or stores it now — exactly once either way.
    static func isWorthWaitingFor(_ error: ServiceError) -> Bool {
        switch error {
        case .offline, .timeout, .server, .undecodable: true
        default: false
        }
    }

    /// Puts a comment the server took on top of its event's cached list (newest first), once.
    private func putOnTop(_ comment: Comment) async {
        await cache.prepend([comment], to: Self.list(eventID: comment.eventID))
    }
}
