import AgoraAPI
import AgoraModels

/// Live mode's accounts: asked of agora-server through the app's API client (`ServiceType`),
/// which speaks its contract.
public struct LiveAuthService: AuthService {
    /// agora-server's API.
    public let api: any ServiceType

    public init(api: any ServiceType) {
        self.api = api
    }

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await api.login(credentials)
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await api.verifyTwoFactor(challenge, code: code)
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await api.resendTwoFactorCode(challenge)
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        try await api.logout(token)
    }
}
