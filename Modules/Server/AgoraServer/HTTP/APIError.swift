import Hummingbird
import NIOHTTP1

/// A refusal the API documents: an HTTP status and the `ErrorBody` that explains it.
///
/// Handlers and middleware throw these; ``ErrorResponseMiddleware`` writes them. `message` is
/// one sentence for people, `code` is for programs, and `field` names the request field that was
/// wrong (400 only).
struct APIError: Error, Sendable, Equatable {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    let field: String?
    /// Headers the refusal needs besides the body's content type (`Allow` on a 405).
    let headers: HTTPFields

    init(_ status: HTTPResponse.Status, code: String, message: String, field: String? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = headers
    }

    /// 400: one field of the request was missing or wrong.
    static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_field", message: message, field: field)
    }

    /// 401: a write or `/v1/me*` without a usable bearer token.
    static let unauthorized = APIError(
        .unauthorized, code: "unauthorized", message: "This needs a valid bearer token; log in again."
    )

    /// 401: the token was issued but its lifetime is over.
    static let tokenExpired = APIError(.unauthorized, code: "unauthorized", message: "The token has expired; log in again.")

    /// 401: no account has this email and password.
    static let invalidCredentials = APIError(
        .unauthorized, code: "invalid_credentials", message: "Wrong email or password."
    )

    /// 401: the code is wrong, or the challenge is unknown, used or expired.
    static let invalidTwoFactorCode = APIError(
        .unauthorized, code: "invalid_two_factor_code", message: "The code is wrong or has expired."
    )

    /// 403: the token's user may not do this.
    static func forbidden(_ message: String) -> APIError {
        APIError(.forbidden, code: "forbidden", message: message)
    }

    /// 404: the thing asked for does not exist.
    static func notFound(_ message: String) -> APIError {
        APIError(.notFound, code: "not_found", message: message)
    }

    /// 405: the path exists, but not with this method; `Allow` lists the methods it has.
    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed, code: "method_not_allowed",
            message: "\(path) does not answer \(method); it answers \(names).",
            headers: [.allow: names]
        )
    }

    /// 409: `field` was used before for something else (a `clientID` with another comment).
    static func conflict(_ field: String, _ message: String) -> APIError {
        APIError(.conflict, code: "conflict", message: message, field: field)
    }

    /// 413: the body is larger than the server reads.
    static func tooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "too_large", message: "The request body is larger than \(limit) bytes.")
    }

    /// 408: the request's body took longer than `timeout` to arrive.
    static func bodyTimeout(_ timeout: Duration) -> APIError {
        APIError(
            .requestTimeout, code: "request_timeout",
            message: "The request body took longer than \(timeout.components.seconds) seconds to arrive; send it at once.",
            headers: [.connection: "close"]
        )
    }

    /// 408: the request's body stopped arriving for `pause`, and the connection is closed.
    static func bodyStalled(_ pause: Duration) -> APIError {
        APIError(
            .requestTimeout, code: "request_timeout",
            message: "The request body stopped arriving for \(pause.components.seconds) seconds; send all of it at once.",
            headers: [.connection: "close"]
        )
    }

    /// 406: the request's `Accept` admits no JSON, which is all this API answers; decided before
    /// the request has any effect.
    static let notAcceptable = APIError(
        .notAcceptable, code: "not_acceptable", message: "This API answers JSON only; accept application/json."
    )

    /// 415: the body is not declared as JSON (no `Content-Type`, or another one).
    static func unsupportedMediaType(_ given: String?) -> APIError {
        let what = given.map { "Content-Type '\(String($0.prefix(60)))'" } ?? "no Content-Type"
        return APIError(
            .unsupportedMediaType, code: "unsupported_media_type",
            message: "The body was sent with \(what); send it as JSON, with Content-Type: application/json."
        )
    }

    /// 400: the request is not valid HTTP/1.1 (its body's framing is broken); the connection
    /// closes after this answer.
    static func malformedHTTP(_ error: HTTPParserError) -> APIError {
        APIError(
            .badRequest, code: "invalid_request", message: "The request is not valid HTTP/1.1 (\(error)); it was not read.",
            headers: [.connection: "close"]
        )
    }

    /// 429: too many failed logins for the account or from the address; try after `seconds`.
    static func tooManyAttempts(retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "too_many_attempts",
            message: "Too many failed logins; try again in \(seconds) seconds.",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 429: the account logged in successfully too often in a minute; try after `seconds`.
    static func tooManyLogins(retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "too_many_attempts",
            message: "Too many logins to this account in a minute; try again in \(seconds == 1 ? "1 second" : "\(seconds) seconds").",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 429: the account posted too many comments in a short time; try after `seconds`.
    static func tooManyPosts(retryAfter seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "too_many_posts",
            message: "Too many comments in a short time; try again in \(seconds == 1 ? "1 second" : "\(seconds) seconds").",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 503: too many logins are already waiting for a password check; try after `seconds`.
    static func loginsBusy(retryAfter seconds: Int) -> APIError {
        APIError(
            .serviceUnavailable, code: "busy",
            message: "Too many logins are being checked right now; try again in \(seconds == 1 ? "1 second" : "\(seconds) seconds").",
            headers: [.retryAfter: String(seconds)]
        )
    }

    /// 503: the database does not answer (a shared database stopped or out of reach); the server
    /// serves again by itself once it does, and `/health/ready` says why meanwhile.
    static let databaseUnavailable = APIError(
        .serviceUnavailable, code: "unavailable", message: "The database does not answer; try again in a few seconds.",
        headers: [.retryAfter: "5"]
    )

    /// 500: something failed that the client cannot fix; the details are in the server's log only.
    static let internalError = APIError(
        .internalServerError, code: "internal", message: "The server failed; try again later."
    )
}
