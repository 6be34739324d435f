import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraModels

/// Asks the API for a user's activity feed and keeps what it gets in the cache.
public protocol ActivitiesFetchable: Sendable {
    /// Fetches the page of `session`'s feed after `cursor` (`nil`: the newest page, which replaces
    /// the user's cached feed; a later page is appended to it).
    ///
    /// Takes the whole session rather than the token alone: the token authorizes the request and
    /// the user names the cached list, and one value keeps the two from disagreeing. A fetch
    /// cancelled meanwhile (the session ended, a refresh replaced it) leaves the cache alone.
    func fetchActivities(after cursor: String?, session: Session) async throws(ServiceError) -> Page<Activity>
}

/// Follows a user's feed in the cache, with no request: what the screen
/// shows while the first page is on its way, and each page the fetch writes.
public protocol ActivitiesLoadable: Sendable {
    /// The cached feed of `userID`, newest first (empty when nothing was fetched yet), for the
    /// feed screen to follow: it changes with each page.
    func cachedActivities(userID: User.ID) -> CachedList<Activity>
}
