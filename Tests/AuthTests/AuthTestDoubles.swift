import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Auth
import Testing

/// The real Auth UseCase over the mock API, with every request recorded first (so a test can
/// say "no request was made") and any request failable or holdable by its number.
final class AuthenticatorSpy: Authenticating {
    let useCase: AuthUseCase
    let service: MockAuthService
    let plan = RequestPlan<String, ServiceError>()

    init(service: MockAuthService = .auth()) {
        self.service = service
        useCase = AuthUseCase(service: service)
    }

    /// The requests made, in order: "login alice@…", "verify 424242", "resend", "logout".
    var requests: [String] { plan.requests }

    func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await plan.enter("login \(credentials.email)")
        return try await useCase.login(credentials)
    }

    func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await plan.enter("verify \(code)")
        return try await useCase.verifyTwoFactor(challenge, code: code)
    }

    func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await plan.enter("resend")
        try await useCase.resendTwoFactorCode(challenge)
    }

    func logout(_ token: AccessToken) async throws(ServiceError) {
        try await plan.enter("logout")
        try await useCase.logout(token)
    }
}

extension MockAuthService {
    /// What an Auth test talks to: the login, two-factor and logout endpoints answer from the
    /// fixtures, and any other endpoint fails the test, naming the call.
    static func auth(sourceLocation: SourceLocation = #_sourceLocation) -> MockAuthService {
        MockAuthService.unimplemented(sourceLocation: sourceLocation) {
            $0.login = .fixtures
            $0.verifyTwoFactor = .fixtures
            $0.resendTwoFactorCode = .fixtures
            $0.logout = .fixtures
        }
    }
}

extension MockData {
    static var alice: User { MockData.test.users[0] }
    static var bob: User { MockData.test.users[1] }
}
