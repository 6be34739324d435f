import AgoraContractCoding
import Hummingbird

/// Answers 400 to a request whose `Content-Type`, `Accept` or `Content-Disposition` the OpenAPI
/// runtime could not parse safely, before any route sees it.
///
/// One unauthenticated request with `Content-Type: application/json; charset=utf-8;
/// Charset=utf-8` used to end the process inside the runtime (see ``MediaTypeHeaderCheck``). The
/// refusal names the header as its `field`, like every other 400 names what was wrong.
struct HeaderGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = MediaTypeHeaderCheck.firstRefusal(in: request.headers) {
            throw APIError.invalidField(refusal.field, "The \(refusal.field) header was refused: \(refusal.reason).")
        }
        return try await next(request, context)
    }
}
