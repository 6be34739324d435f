import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Comments
import Foundation
import Testing

extension MockCommentsService {
    /// A mock whose every endpoint is `MockEndpoint.unimplemented`, over the test fixtures: a
    /// call fails the test, naming the call. A test sets the endpoints it expects.
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MockCommentsService {
        MockCommentsService(
            mock: MockService(data: data, now: now),
            fetchComments: .unimplemented("MockCommentsService.fetchComments", sourceLocation: sourceLocation),
            postComment: .unimplemented("MockCommentsService.postComment", sourceLocation: sourceLocation),
            deleteComment: .unimplemented("MockCommentsService.deleteComment", sourceLocation: sourceLocation)
        )
    }

    /// A mock that answers only the endpoints `expecting` sets, and fails the test, naming the
    /// call, on any other: what a UseCase or ViewModel test starts from.
    ///
    ///     let service = MockCommentsService.unimplemented { $0.fetchComments = .fixtures }
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation,
        expecting: (inout MockCommentsService) -> Void
    ) -> MockCommentsService {
        var service = unimplemented(data: data, now: now, sourceLocation: sourceLocation)
        expecting(&service)
        return service
    }
}
