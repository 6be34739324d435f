import AgoraAPI
import AgoraCache
import AgoraModels
import Comments

/// How a change another member made is written into the caches the screens follow: a
/// comment's arrival or deletion into its event's thread, an event's new counts into the
/// event; when changes were missed, what is cached is loaded again.
enum EventChangeWrites {
    /// The event whose comments list `list` is (`events/7/comments` → 7), if it is one.
    @Sendable static func event(ofCommentsList list: String) -> Event.ID? {
        let parts = list.split(separator: "/")
        guard parts.count == 3, let id = Int(parts[1]), CommentsUseCase.list(eventID: id) == list else { return nil }
        return id
    }

    /// Writes `change` of event `eventID` into the comments cache.
    static func comments(service: any ServiceType) -> @Sendable (EventChange, Event.ID, any ListCache<Comment>) async -> Void {
        { change, eventID, cache in
            let list = CommentsUseCase.list(eventID: eventID)
            switch change {
            case .commentPosted(let comment):
                // Newest first: a comment posted now goes on top, once (the poster's own
                // screen put it there already when the server took it).
                await cache.prepend([comment], to: list)
            case .commentDeleted(let id):
                await cache.remove(id: id)
            case .missedSome:
                // The first page again, as a refresh loads it; a failure leaves the list as it
                // was, for the screen's own refresh.
                if let page = try? await service.fetchComments(CommentsRequest(eventID: eventID, cursor: nil)) {
                    await cache.replace(list, with: page.items)
                }
            case .eventChanged:
                break
            }
        }
    }

    /// Writes `change` of event `eventID` into the events cache.
    static func events(service: any ServiceType) -> @Sendable (EventChange, Event.ID, any ListCache<Event>) async -> Void {
        { change, eventID, cache in
            let event: Event?
            switch change {
            case .eventChanged(let changed): event = changed
            case .missedSome: event = try? await service.fetchEvent(id: eventID)
            case .commentPosted, .commentDeleted: event = nil
            }
            guard var event else { return }
            // The change is the event as a stranger sees it: whether this viewer goes is what
            // the cache says, which their own RSVPs write.
            if let cached = await cache.item(id: eventID) { event.isGoing = cached.isGoing }
            await cache.store(event)
        }
    }
}
