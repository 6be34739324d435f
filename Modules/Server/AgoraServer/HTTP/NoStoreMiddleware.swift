import Hummingbird

/// Adds `Cache-Control: no-store` to every answer under `/v1/sessions` and `/v1/me`: they carry
/// bearer tokens and the account's own email, which no browser, proxy or HTTP cache on the way
/// may keep (RFC 9111 §5.2.2.5).
struct NoStoreMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if Self.isPrivate(path: request.uri.path) {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    /// `/v1/sessions…` and `/v1/me…`: the answers that hold a token or the account's own data.
    static func isPrivate(path: String) -> Bool {
        ["/v1/sessions", "/v1/me"].contains { prefix in
            path == prefix || path.hasPrefix(prefix + "/")
        }
    }
}
