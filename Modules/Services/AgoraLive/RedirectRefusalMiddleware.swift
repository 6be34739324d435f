import AgoraAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every redirect the server answers (a 3xx other than a conditional read's 304) into
/// ``ServiceError/redirected(status:origin:)``.
///
/// The bearer token and a request's body (an RSVP, a comment, credentials) must never reach an
/// origin other than the configured server, and agora-server never redirects: refusing every
/// redirect is simpler and safer than deciding which are harmless. ``LiveTransport`` never
/// follows one; this middleware makes the refusal the same error over any transport.
struct RedirectRefusalMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.kind == .redirection, response.status.code != 304 else { return (response, responseBody) }
        throw ServiceError.redirected(
            status: response.status.code, origin: Self.origin(of: response.headerFields[.location], from: baseURL)
        )
    }

    /// The scheme, host and port a `Location` points to, resolved against the server's address,
    /// as one printable line; `nil` when there is none. Only the origin is named: the rest of
    /// the address is the server's text, and its user part could hold a password.
    static func origin(of location: String?, from baseURL: URL) -> String? {
        guard let location, let url = URL(string: location, relativeTo: baseURL)?.absoluteURL,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme != nil, let host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        components.user = nil
        components.password = nil
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.string.map(ServiceError.oneLine)
    }
}
