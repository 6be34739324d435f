import AgoraAPI
import AgoraModels

/// Logs in and out with the API. The session it produces is kept by the `SessionStore`, not here.
public protocol Authenticating: Sendable {
    /// Checks an email and a password; may answer with a two-factor challenge.
    func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome
    /// Answers a two-factor challenge.
    func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session
    /// Sends the challenge's code again.
    func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError)
    /// Ends the session on the server.
    func logout(_ token: AccessToken) async throws(ServiceError)
}
