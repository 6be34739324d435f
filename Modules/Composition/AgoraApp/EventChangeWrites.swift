import AgoraAPI
import AgoraCache
import AgoraModels
import Comments
import Events

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

    /// Writes `change` of event `eventID` into the comments cache; `true` when it was news there.
    static func comments(service: any CommentsService) -> @Sendable (EventChange, Event.ID, any ListCache<Comment>) async -> Bool {
        { change, eventID, cache in
            let list = CommentsUseCase.list(eventID: eventID)
            switch change {
            case .commentPosted(let comment):
                // The poster's own screen put it on top when the server took it.
                guard await cache.item(id: comment.id) == nil else { return false }
                // Newest first: a comment posted now goes on top.
                await cache.prepend([comment], to: list)
                return true
            case .commentDeleted(let id):
                guard await cache.item(id: id) != nil else { return false }
                await cache.remove(id: id)
                return true
            case .missedSome:
                // The first page again, as a refresh loads it; a failure leaves the list as it
                // was, for the screen's own refresh. A page the cache already starts with is no
                // news, and the pages after it stay.
                guard let page = try? await service.fetchComments(CommentsRequest(eventID: eventID, cursor: nil)) else { return true }
                guard await cache.items(in: list).prefix(page.items.count).elementsEqual(page.items) else {
                    await cache.replace(list, with: page.items)
                    return true
                }
                return false
            case .eventChanged:
                return false
            }
        }
    }

    /// Writes `change` of event `eventID` into the events cache; `true` when it was news there.
    static func events(service: any EventsService) -> @Sendable (EventChange, Event.ID, any ListCache<Event>) async -> Bool {
        { change, eventID, cache in
            let event: Event?
            switch change {
            case .eventChanged(let changed): event = changed
            case .missedSome: event = try? await service.fetchEvent(id: eventID)
            case .commentPosted, .commentDeleted: event = nil
            }
            guard let event else { return change == .missedSome }
            // The change is the event as a stranger sees it: whether this viewer goes is what
            // the cache says, which their own RSVPs write. Read and written in one write, so an
            // RSVP answered meanwhile is not undone by the count it changed.
            return await cache.update(id: eventID) { cached in
                var merged = event
                if let cached { merged.isGoing = cached.isGoing }
                return merged == cached ? nil : merged
            }
        }
    }
}
