import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Events
import Foundation
import Testing

extension MockEventsService {
    /// A mock whose every endpoint is `MockEndpoint.unimplemented`, over the test fixtures: a
    /// call fails the test, naming the call. A test sets the endpoints it expects.
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MockEventsService {
        MockEventsService(
            mock: MockService(data: data, now: now),
            fetchEvents: .unimplemented("MockEventsService.fetchEvents", sourceLocation: sourceLocation),
            fetchEvent: .unimplemented("MockEventsService.fetchEvent", sourceLocation: sourceLocation),
            rsvp: .unimplemented("MockEventsService.rsvp", sourceLocation: sourceLocation)
        )
    }

    /// A mock that answers only the endpoints `expecting` sets, and fails the test, naming the
    /// call, on any other: what a UseCase or ViewModel test starts from.
    ///
    ///     let service = MockEventsService.unimplemented { $0.fetchEvents = .fixtures }
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation,
        expecting: (inout MockEventsService) -> Void
    ) -> MockEventsService {
        var service = unimplemented(data: data, now: now, sourceLocation: sourceLocation)
        expecting(&service)
        return service
    }
}
