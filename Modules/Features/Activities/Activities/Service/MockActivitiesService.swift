import AgoraAPI
import AgoraMocks
import AgoraModels

/// OSS mode's feed: the app's mock world (`MockService`: its fixtures, the entries users' writes
/// made, its latency and clock), its endpoint configurable:
///
///     MockActivitiesService(fetchActivities: .failure(.offline))
public struct MockActivitiesService: ActivitiesService {
    /// The app's mock: its data, its state, its latency and its clock.
    public var mock: MockService
    /// How ``fetchActivities(_:token:)`` answers: from the mock world unless a test sets it.
    public var fetchActivities: MockEndpoint<ActivitiesRequest, Page<Activity>>

    public init(mock: MockService = MockService(), fetchActivities: MockEndpoint<ActivitiesRequest, Page<Activity>> = .fixtures) {
        self.mock = mock
        self.fetchActivities = fetchActivities
    }

    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        try await mock.answer(fetchActivities, to: request) { request throws(ServiceError) in
            try mock.backend.activitiesPage(request, token: token)
        }
    }
}
