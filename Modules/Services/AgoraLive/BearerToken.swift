import AgoraModels
import HTTPTypes
import OpenAPIRuntime

import struct Foundation.URL

/// The token of the request being made, for ``BearerTokenMiddleware``.
///
/// ``ServiceType`` takes the token per call, while the generated client takes headers only for
/// parameters the contract declares (and OpenAPI declares authorization as a security scheme, not
/// a parameter). A task-local carries the token from the call to the middleware, within the one
/// task that makes the request, so concurrent requests as different users cannot mix tokens.
enum BearerToken {
    @TaskLocal static var current: AccessToken?
}

/// Adds `Authorization: Bearer <token>` when the request runs with a ``BearerToken/current``.
struct BearerTokenMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let token = BearerToken.current {
            request.headerFields[.authorization] = "Bearer \(token.rawValue)"
        }
        return try await next(request, body, baseURL)
    }
}
