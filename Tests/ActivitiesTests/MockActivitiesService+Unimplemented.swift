import Activities
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Foundation
import Testing

extension MockActivitiesService {
    /// A mock whose every endpoint is `MockEndpoint.unimplemented`, over the test fixtures: a
    /// call fails the test, naming the call. A test sets the endpoints it expects.
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MockActivitiesService {
        MockActivitiesService(
            mock: MockService(data: data, now: now),
            fetchActivities: .unimplemented("MockActivitiesService.fetchActivities", sourceLocation: sourceLocation)
        )
    }

    /// A mock that answers only the endpoints `expecting` sets, and fails the test, naming the
    /// call, on any other: what a UseCase or ViewModel test starts from.
    ///
    ///     let service = MockActivitiesService.unimplemented { $0.fetchActivities = .fixtures }
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation,
        expecting: (inout MockActivitiesService) -> Void
    ) -> MockActivitiesService {
        var service = unimplemented(data: data, now: now, sourceLocation: sourceLocation)
        expecting(&service)
        return service
    }
}
