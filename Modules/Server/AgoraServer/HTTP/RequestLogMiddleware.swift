import Hummingbird
import Logging

/// Writes one line per request at `.info`: method, path, status and duration, and the client's
/// address (``ClientAddress``) as `client` metadata.
///
/// Only the path is logged: no query, no headers (so never an `Authorization` header) and no
/// body (so never a password or a token). It sits outside ``ErrorResponseMiddleware``, so the
/// status it logs is the one the client received, and inside ``ClientAddressMiddleware``, so the
/// client behind a trusted proxy is named, not the proxy.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = "500"
        defer {
            let elapsed = ContinuousClock.now - start
            context.logger.info(
                "\(request.method) \(request.uri.path) \(status) \(Self.milliseconds(elapsed))",
                metadata: ["client": "\(ClientAddress.current ?? "unknown")"]
            )
        }
        let response = try await next(request, context)
        status = String(response.status.code)
        return response
    }

    /// "3.2ms": enough precision to compare requests by eye.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 10_000 + attoseconds / 100_000_000_000_000)  // 0.1 ms units
        return "\(tenths / 10).\(tenths % 10)ms"
    }
}
