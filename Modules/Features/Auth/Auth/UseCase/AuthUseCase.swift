import AgoraAPI
import AgoraModels

/// Auth's UseCase: the API's auth endpoints. Nothing to cache: the session store keeps the
/// session.
public struct AuthUseCase: Authenticating {
    private let service: any AuthService

    public init(service: any AuthService) {
        self.service = service
    }

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await service.login(credentials)
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await service.verifyTwoFactor(challenge, code: code)
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await service.resendTwoFactorCode(challenge)
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        try await service.logout(token)
    }
}
