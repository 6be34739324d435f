import AgoraContractCoding
import Hummingbird

/// Answers 400 to a request whose `Content-Type`, `Accept` or `Content-Disposition` does not
/// match RFC 9110's grammar, before any route or the OpenAPI runtime reads it.
///
/// The runtime traps on some values its parser reads leniently (a parameter repeated in another
/// letter case, behind any Unicode whitespace), and one such request would end the process; see
/// ``MediaTypeHeaderCheck``. The refusal names the header as its `field`, like every other 400
/// names what was wrong.
struct HeaderGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let refusal = MediaTypeHeaderCheck.firstRefusal(in: request.headers) {
            throw APIError.invalidField(refusal.field, "The \(refusal.field) header was refused: \(refusal.reason).")
        }
        return try await next(request, context)
    }
}
