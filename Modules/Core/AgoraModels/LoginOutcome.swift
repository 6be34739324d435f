/// What the API answers to an email and a password.
public enum LoginOutcome: Hashable, Sendable {
    /// The credentials were enough: here is the session.
    case loggedIn(Session)
    /// The account has two-factor authentication: a code was sent, answer the challenge.
    case twoFactorRequired(TwoFactorChallenge)
}

/// A pending second step of a login: the code was sent to `destination`.
public struct TwoFactorChallenge: Hashable, Sendable, Codable {
    public typealias ID = String

    /// Names this login attempt when the code is sent back.
    public let id: ID
    /// Where the code went, masked ("b••@agora.example").
    public let destination: String

    public init(id: ID, destination: String) {
        self.id = id
        self.destination = destination
    }
}
