/// Where a login stands.
public enum LoginStep: Hashable, Sendable {
    /// Asking for an email and a password.
    case credentials
    /// The password was right; asking for the code sent to `destination`.
    case twoFactor(destination: String)
}
