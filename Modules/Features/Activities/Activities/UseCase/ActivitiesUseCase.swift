import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Activities' UseCase: the service for fresh pages, the cache for the feed seen before.
public struct ActivitiesUseCase: ActivitiesFetchable, ActivitiesLoadable {
    private let service: any ActivitiesService
    private let cache: any ListCache<Activity>

    public init(service: any ActivitiesService, cache: any ListCache<Activity>) {
        self.service = service
        self.cache = cache
    }

    /// The cache's name for a user's feed: one list per user, so a second account on the same
    /// machine never sees the first one's feed.
    public static func list(for userID: User.ID) -> String { "activities/\(userID)" }

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

    /// The feed as the screen follows it, a window at a time, in the order its pages were
    /// written: the server's, newest first, as every list of the app follows its cache.
    public func cachedActivities(userID: User.ID) -> CachedList<Activity> {
        cache.cachedList(Self.list(for: userID))
    }
}
