/// An email and a password, as typed.
public struct LoginCredentials: Hashable, Sendable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

extension LoginCredentials: CustomStringConvertible {
    /// Never shows the password.
    public var description: String { "LoginCredentials(email: \(email), password: redacted)" }
}
