import Activities
import AgoraAPI
import AgoraCache
import AgoraDI
import AgoraModels

/// How a change that concerns the logged-in member alone is written into the caches the screens
/// follow: their answer from another device into the event as cached, an entry of their feed
/// into (or out of) their feed's list; when changes were missed, their feed's first page is
/// loaded again.
enum MemberChangeWrites {
    /// Writes a change of the member's into the caches `resolver` holds; `true` when it was news
    /// there. The caches are resolved when a change comes, so following builds none of them
    /// before.
    static func write(resolver: any Resolver) -> @Sendable (MemberChange, Session) async -> Bool {
        { change, session in
            let user = session.user
            switch change {
            case .answered(let event):
                guard let events = try? resolver.resolve((any ListCache<Event>).self) else { return false }
                // Only an event some screen has cached: the answer is news there, nowhere else.
                return await events.update(id: event.id) { cached in
                    guard let cached, cached != event else { return nil }
                    return event
                }
            case .feedEntryAdded(let activity):
                guard let feed = try? resolver.resolve((any ListCache<Activity>).self), await feed.item(id: activity.id) == nil else {
                    return false
                }
                // Newest first: what happened now goes on top.
                await feed.prepend([activity], to: ActivitiesUseCase.list(for: user.id))
                return true
            case .feedEntryRemoved(let id):
                guard let feed = try? resolver.resolve((any ListCache<Activity>).self), await feed.item(id: id) != nil else { return false }
                await feed.remove(id: id)
                return true
            case .missedSome:
                // What was missed cannot be told one by one: the feed's first page again, as a
                // refresh loads it, when a screen cached the feed. A failure leaves the list as
                // it was, for the screen's own refresh; a page the list already starts with is
                // no news, and the pages after it stay.
                let list = ActivitiesUseCase.list(for: user.id)
                guard let feed = try? resolver.resolve((any ListCache<Activity>).self), await !feed.items(in: list).isEmpty else {
                    return false
                }
                guard let service = try? resolver.resolve((any ActivitiesService).self),
                    let page = try? await service.fetchActivities(ActivitiesRequest(), token: session.token)
                else { return true }
                guard await feed.items(in: list).prefix(page.items.count).elementsEqual(page.items) else {
                    await feed.replace(list, with: page.items)
                    return true
                }
                return false
            }
        }
    }
}
