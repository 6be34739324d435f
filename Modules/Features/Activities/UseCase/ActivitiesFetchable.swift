import AgoraAPI
import AgoraModels

/// Asks the API for a user's activity feed and keeps what it gets in the cache (Eight's
/// `Fetchable`).
public protocol ActivitiesFetchable: Sendable {
    /// Fetches the page of `session`'s feed after `cursor` (`nil`: the newest page, which replaces
    /// the user's cached feed; a later page is appended to it).
    ///
    /// Takes the whole session rather than the token alone: the token authorizes the request and
    /// the user names the cached list, and one value keeps the two from disagreeing.
    func fetchActivities(after cursor: String?, session: Session) async throws(ServiceError) -> Page<Activity>
}

/// Reads a user's feed from the cache, with no request (Eight's `Loadable`): what the screen
/// shows while the first page is on its way.
public protocol ActivitiesLoadable: Sendable {
    /// The cached feed of `userID`, newest first; empty when nothing was fetched yet.
    func loadActivities(userID: User.ID) async -> [Activity]
}
