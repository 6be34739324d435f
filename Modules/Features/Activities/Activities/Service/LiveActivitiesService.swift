import AgoraAPI
import AgoraModels

/// Live mode's feed: asked of agora-server through the app's API client (`ServiceType`), which
/// speaks its contract.
public struct LiveActivitiesService: ActivitiesService {
    /// agora-server's API.
    public let api: any ServiceType

    public init(api: any ServiceType) {
        self.api = api
    }

    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        try await api.fetchActivities(request, token: token)
    }
}
