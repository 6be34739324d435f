import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Auth
import Foundation
import Testing

extension MockAuthService {
    /// A mock whose every endpoint is `MockEndpoint.unimplemented`, over the test fixtures: a
    /// call fails the test, naming the call. A test sets the endpoints it expects.
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MockAuthService {
        MockAuthService(
            mock: MockService(data: data, now: now),
            login: .unimplemented("MockAuthService.login", sourceLocation: sourceLocation),
            verifyTwoFactor: .unimplemented("MockAuthService.verifyTwoFactor", sourceLocation: sourceLocation),
            resendTwoFactorCode: .unimplemented("MockAuthService.resendTwoFactorCode", sourceLocation: sourceLocation),
            logout: .unimplemented("MockAuthService.logout", sourceLocation: sourceLocation)
        )
    }

    /// A mock that answers only the endpoints `expecting` sets, and fails the test, naming the
    /// call, on any other: what a UseCase or ViewModel test starts from.
    ///
    ///     let service = MockAuthService.unimplemented { $0.login = .fixtures }
    static func unimplemented(
        data: MockData = .test, now: @escaping @Sendable () -> Date = { Date() }, sourceLocation: SourceLocation = #_sourceLocation,
        expecting: (inout MockAuthService) -> Void
    ) -> MockAuthService {
        var service = unimplemented(data: data, now: now, sourceLocation: sourceLocation)
        expecting(&service)
        return service
    }
}
