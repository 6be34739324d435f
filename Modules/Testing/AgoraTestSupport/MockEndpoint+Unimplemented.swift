import AgoraAPI
import AgoraMocks
import Foundation
import Testing

extension MockEndpoint {
    /// An endpoint the test does not expect to be called: a call fails the running test, naming
    /// the endpoint, and answers `server(status: 501)` so the code under test goes on.
    ///
    /// A test that starts from ``MockService/unimplemented(data:)`` and sets only the endpoints
    /// it means to reach proves the code under test reaches no other — a request nobody asserted
    /// (a second fetch, a stray login) fails the test instead of passing unnoticed.
    public static func unimplemented(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .handler { _ in
            Issue.record("MockService.\(name) was called, but this test did not expect it: set the endpoint to expect it", sourceLocation: sourceLocation)
            return .failure(.server(status: 501))
        }
    }
}

extension MockService {
    /// A mock service whose every endpoint is ``MockEndpoint/unimplemented(_:sourceLocation:)``:
    /// set the ones the test expects (or use ``unimplemented(data:now:sourceLocation:expecting:)``).
    ///
    ///     var service = MockService.unimplemented()
    ///     service.fetchEvents = .fixtures
    public static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MockService {
        MockService(
            data: data,
            now: now,
            login: .unimplemented("login", sourceLocation: sourceLocation),
            verifyTwoFactor: .unimplemented("verifyTwoFactor", sourceLocation: sourceLocation),
            resendTwoFactorCode: .unimplemented("resendTwoFactorCode", sourceLocation: sourceLocation),
            logout: .unimplemented("logout", sourceLocation: sourceLocation),
            fetchEvents: .unimplemented("fetchEvents", sourceLocation: sourceLocation),
            fetchEvent: .unimplemented("fetchEvent", sourceLocation: sourceLocation),
            rsvp: .unimplemented("rsvp", sourceLocation: sourceLocation),
            fetchComments: .unimplemented("fetchComments", sourceLocation: sourceLocation),
            postComment: .unimplemented("postComment", sourceLocation: sourceLocation),
            deleteComment: .unimplemented("deleteComment", sourceLocation: sourceLocation),
            fetchActivities: .unimplemented("fetchActivities", sourceLocation: sourceLocation),
        )
    }

    /// A mock service that answers only the endpoints `expecting` sets, and fails the test,
    /// naming the call, on any other: what a UseCase or ViewModel test starts from.
    ///
    ///     let service = MockService.unimplemented { $0.fetchComments = .fixtures; $0.postComment = .failure(.offline) }
    public static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation,
        expecting: (inout MockService) -> Void
    ) -> MockService {
        var service = unimplemented(data: data, now: now, sourceLocation: sourceLocation)
        expecting(&service)
        return service
    }
}
