import AgoraAPI
import AgoraModels

/// An ``AuthService`` that reports each request of the one it wraps to the app's
/// `ServiceRequestTrace`: the mock and the live service carry no tracing code, and no password
/// or code reaches the trace.
public struct TracedAuthService: AuthService {
    /// The service that answers.
    public let base: any AuthService
    /// Which one it is, for the trace.
    public let mode: ServiceMode
    /// Where requests are reported.
    public let trace: ServiceRequestTrace

    public init(_ base: any AuthService, mode: ServiceMode, trace: ServiceRequestTrace) {
        self.base = base
        self.mode = mode
        self.trace = trace
    }

    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        try await trace.run("login", mode: mode, summary: { _ in "answered" }) { () throws(ServiceError) in try await base.login(credentials) }
    }

    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        try await trace.run("verifyTwoFactor", mode: mode, summary: { _ in "session" }) { () throws(ServiceError) in
            try await base.verifyTwoFactor(challenge, code: code)
        }
    }

    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        try await trace.run("resendTwoFactorCode", mode: mode, summary: { "done" }) { () throws(ServiceError) in
            try await base.resendTwoFactorCode(challenge)
        }
    }

    public func logout(_ token: AccessToken) async throws(ServiceError) {
        try await trace.run("logout", mode: mode, summary: { "done" }) { () throws(ServiceError) in try await base.logout(token) }
    }
}
