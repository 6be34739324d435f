import Foundation

/// What ``FaultProxy`` does to one request instead of passing it through.
///
/// Faults that reach the server are the tricky ones for posting: the server stored the comment,
/// the client never learned it, and the client's next attempt must not store it twice.
enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// The server answers; the connection closes before the client gets a byte of it.
    case dropBeforeAnswer
    /// The server answers; the client gets the status line and headers, then the connection
    /// closes (the body never comes).
    case dropAfterHeaders
    /// The server answers; the client gets the headers and half of the body, then the
    /// connection closes.
    case dropMidBody
    /// The server answers at once; the answer is held back this long (past the client's
    /// timeout) before it is sent.
    case delayAnswer(Duration)
    /// The request is held back this long (past the client's timeout) before it reaches the
    /// server, which answers it then: a resend the client makes meanwhile arrives first.
    case delayRequest(Duration)
    /// The server never sees the request; the proxy answers this status with the contract's
    /// error body carrying `code` (500 a server failing, 401 a token the server no longer takes).
    case status(Int, code: String)
    /// A 200 whose body is not JSON; `reachingServer`: the server got (and stored) the request
    /// first, or never saw it.
    case undecodableBody(reachingServer: Bool)

    /// Whether the request is forwarded to the server before the fault is applied.
    var reachesServer: Bool {
        switch self {
        case .dropBeforeAnswer, .dropAfterHeaders, .dropMidBody, .delayAnswer, .delayRequest: true
        case .status: false
        case .undecodableBody(let reachingServer): reachingServer
        }
    }

    /// A short name for logs and for the fault record.
    var description: String {
        switch self {
        case .dropBeforeAnswer: "drop-before-answer"
        case .dropAfterHeaders: "drop-after-headers"
        case .dropMidBody: "drop-mid-body"
        case .delayAnswer(let duration): "answer-delayed-\(duration.components.seconds)s"
        case .delayRequest(let duration): "request-delayed-\(duration.components.seconds)s"
        case .status(let status, _): "http-\(status)"
        case .undecodableBody(let reachingServer): reachingServer ? "undecodable-200-after-store" : "undecodable-200"
        }
    }
}
