import AgoraAPI
import AgoraModels

/// What Auth asks of a server: the feature's own client, declared, answered and traced in the
/// feature's files.
///
/// ``MockAuthService`` answers in OSS mode, ``LiveAuthService`` in live mode, and
/// ``AuthAssembly`` registers the one the app's `ServiceMode` names, wrapped in a
/// ``TracedAuthService``. Every failure is a `ServiceError`.
public protocol AuthService: Sendable {
    /// Checks an email and a password; an account with two-factor authentication answers with a
    /// challenge instead of a session.
    func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome
    /// Answers a two-factor challenge with the code the user received.
    func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session
    /// Sends the code of a pending challenge again.
    func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError)
    /// Ends the session on the server; the token stops working.
    func logout(_ token: AccessToken) async throws(ServiceError)
}
