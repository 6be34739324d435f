/// Why a request to the Agora API failed, in terms a screen can explain.
///
/// Services map every failure (transport, status code, decoding) to one of these, so ViewModels
/// never see a transport type and can show one message per case.
public enum ServiceError: Error, Hashable, Sendable {
    /// The thing asked for does not exist; the payload names it ("event 42").
    case notFound(String)
    /// The server could not be reached.
    case offline
    /// The server did not answer in time.
    case timeout
    /// The session is missing or expired; the user must log in again.
    case unauthorized
    /// The email and password do not match an account.
    case invalidCredentials
    /// The two-factor code is wrong or its challenge has expired.
    case invalidTwoFactorCode
    /// The user is logged in but may not do this; the payload says what ("delete another user's comment").
    case forbidden(String)
    /// The request was refused because of one field.
    case invalidInput(field: String, reason: String)
    /// The server failed; trying again may work.
    case server(status: Int)
    /// The server answered with something the client cannot read.
    case undecodable(String)
    /// The server answered with a redirect (a 3xx other than 304), which Agora never follows:
    /// the status, and the origin it pointed to (`nil` when it named none Agora could read).
    case redirected(status: Int, origin: String?)
    /// The service has no implementation for this request (a mock left unconfigured, or live mode
    /// not built); names the endpoint.
    case unimplemented(String)
    /// Too many failed logins for the account or from this address; the server takes no more
    /// tries for `retryAfterSeconds`, 0 when it named no usable wait.
    case rateLimited(retryAfterSeconds: Int)
}

extension ServiceError: CustomStringConvertible {
    /// A one-line, user-facing explanation.
    public var description: String {
        switch self {
        case .notFound(let what): "There is no \(what)."
        case .offline: "The server cannot be reached. Check your connection and try again."
        case .timeout: "The server took too long to answer. Try again."
        case .unauthorized: "Your session has expired. Log in again."
        case .invalidCredentials: "Wrong email or password."
        case .invalidTwoFactorCode: "The code is wrong or has expired."
        case .forbidden(let what): "You cannot \(what)."
        case .rateLimited(let wait):
            if wait > 0 {
                "Too many failed logins. Wait \(wait) seconds, then try again."
            } else {
                "Too many failed logins. Wait a while, then try again."
            }
        case .invalidInput(let field, let reason): "Invalid \(field): \(reason)."
        case .server(let status): "The server failed (HTTP \(status)). Try again."
        case .undecodable(let detail): "The server sent a response Agora cannot read (\(detail))."
        case .redirected(let status, let origin?):
            "The server answered \(status) with a redirect to \(origin); Agora does not follow redirects."
        case .redirected(let status, nil):
            "The server answered \(status) with a redirect; Agora does not follow redirects."
        case .unimplemented(let endpoint): "\(endpoint) is not available in this mode."
        }
    }
}
