import AgoraAPI
import AgoraMocks
import AgoraModels

/// OSS mode's accounts: the app's mock world (`MockService`: its members, the sessions and
/// challenges it issued, its latency and clock), every endpoint configurable:
///
///     MockAuthService(login: .failure(.offline))
///     MockAuthService(logout: .failure(.unauthorized))
public struct MockAuthService: AuthService {
    /// The app's mock: its data, its state, its latency and its clock.
    public var mock: MockService
    /// How ``login(_:)`` answers: from the mock world unless a test sets it.
    public var login: MockEndpoint<LoginCredentials, LoginOutcome>
    /// How ``verifyTwoFactor(_:code:)`` answers.
    public var verifyTwoFactor: MockEndpoint<(challenge: TwoFactorChallenge.ID, code: String), Session>
    /// How ``resendTwoFactorCode(_:)`` answers.
    public var resendTwoFactorCode: MockEndpoint<TwoFactorChallenge.ID, Void>
    /// How ``logout(_:)`` answers.
    public var logout: MockEndpoint<AccessToken, Void>

    public init(
        mock: MockService = MockService(),
        login: MockEndpoint<LoginCredentials, LoginOutcome> = .fixtures,
        verifyTwoFactor: MockEndpoint<(challenge: TwoFactorChallenge.ID, code: String), Session> = .fixtures,
        resendTwoFactorCode: MockEndpoint<TwoFactorChallenge.ID, Void> = .fixtures,
        logout: MockEndpoint<AccessToken, Void> = .fixtures
    ) {
        self.mock = mock
        self.login = login
        self.verifyTwoFactor = verifyTwoFactor
        self.resendTwoFactorCode = resendTwoFactorCode
        self.logout = logout
    }

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await mock.answer(login, to: credentials) { credentials throws(ServiceError) in
            try mock.backend.login(credentials)
        }
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await mock.answer(verifyTwoFactor, to: (challenge, code)) { request throws(ServiceError) in
            try mock.backend.verifyTwoFactor(request.challenge, code: request.code)
        }
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await mock.answer(resendTwoFactorCode, to: challenge) { challenge throws(ServiceError) in
            try mock.backend.resendTwoFactorCode(challenge)
        }
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        try await mock.answer(logout, to: token) { token throws(ServiceError) in
            try mock.backend.logout(token)
        }
    }
}
