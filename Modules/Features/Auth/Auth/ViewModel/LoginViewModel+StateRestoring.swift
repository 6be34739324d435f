import AgoraArchitecture
import AgoraModels

/// What a login left unfinished: the email typed and, at the second step, the challenge the
/// code answers. The password and the code are never kept.
public struct LoginRestorationState: Codable, Sendable, Equatable {
    public var email: String
    public var challenge: TwoFactorChallenge?

    public init(email: String, challenge: TwoFactorChallenge? = nil) {
        self.email = email
        self.challenge = challenge
    }
}

extension LoginViewModel: StateRestoring {
    /// The email and the pending challenge, so a login made again waits for the same code.
    public var restorationState: LoginRestorationState? {
        guard challenge != nil || !form.email.isEmpty else { return nil }
        return LoginRestorationState(email: form.email, challenge: challenge)
    }

    public func restore(_ state: LoginRestorationState) {
        form.email = state.email
        challenge = state.challenge
        if let challenge = state.challenge { stepSource.send(.twoFactor(destination: challenge.destination)) }
        formChanged()
    }
}
