import AgoraAPI
import AgoraModels

/// What Activities asks of a server: the feature's own client, declared, answered and traced in
/// the feature's files.
///
/// ``MockActivitiesService`` answers in OSS mode, ``LiveActivitiesService`` in live mode, and
/// ``ActivitiesAssembly`` registers the one the app's `ServiceMode` names, wrapped in a
/// ``TracedActivitiesService``. Every failure is a `ServiceError`.
public protocol ActivitiesService: Sendable {
    /// The token's user's feed, newest first, one keyset page at a time.
    func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity>
}
