import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Activities' UseCase: the service for fresh pages, the cache for the feed seen before.
public struct ActivitiesUseCase: ActivitiesFetchable, ActivitiesLoadable {
    private let service: any ServiceType
    private let cache: any ListCache<Activity>

    public init(service: any ServiceType, cache: any ListCache<Activity>) {
        self.service = service
        self.cache = cache
    }

    /// The cache's name for a user's feed: one list per user, so a second account on the same
    /// machine never sees the first one's feed.
    static func list(for userID: User.ID) -> String { "activities/\(userID)" }

    public func fetchActivities(after cursor: String?, session: Session) async throws(ServiceError) -> Page<Activity> {
        let page = try await service.fetchActivities(ActivitiesRequest(cursor: cursor), token: session.token)
        // Dropped by the screen (the session ended, a refresh replaced it): not cached either.
        guard !Task.isCancelled else { return page }
        let list = Self.list(for: session.user.id)
        if cursor == nil {
            await cache.replace(list, with: page.items)
        } else {
            await cache.append(page.items, to: list)
        }
        return page
    }

    /// Forgets the cached feed of `userID`, whose session ended: it tells what happens around
    /// them, which is for them alone.
    public func clearFeed(of userID: User.ID) async {
        await cache.removeList(Self.list(for: userID))
    }

    /// A feed is a short list: followed whole, newest first whatever order its pages came in.
    public func cachedActivities(userID: User.ID) -> CachedList<Activity> {
        let cache = self.cache
        let list = Self.list(for: userID)
        return CachedList { onChange in
            await cache.observe(list) { activities in onChange(Self.newestFirst(activities)) }
        }
    }

    /// Newest first; ties by id, so the order is stable.
    static func newestFirst(_ activities: [Activity]) -> [Activity] {
        activities.sorted { ($0.occurredAt, $0.id) > ($1.occurredAt, $1.id) }
    }
}
