import Hummingbird
import Logging

/// Writes one line per request at `.info`: method, path, status and duration, and as metadata
/// the same for programs (`method`, `route`: the contract's path template or `unmatched`,
/// `status`, `duration_ms`), with the client's address (``ClientAddress``) as `client`. Hummingbird
/// gives each request's logger its id (`hb.request.id`), which `--log-format json` writes as
/// `request_id`.
///
/// Only the path is logged: no query, no headers (so never an `Authorization` header) and no
/// body (so never a password or a token). It sits outside ``ErrorResponseMiddleware``, so the
/// status it logs is the one the client received, and inside ``ClientAddressMiddleware``, so the
/// client behind a trusted proxy is named, not the proxy.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The API's routes, to name a request by its template rather than its ids.
    let routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let (seconds, attoseconds) = elapsed.components
            context.logger.info(
                "\(request.method) \(LogText.escaped(request.uri.path)) \(status) \(Self.milliseconds(elapsed))",
                metadata: [
                    "client": "\(ClientAddress.current ?? "unknown")", "method": "\(request.method)",
                    "route": "\(routes.template(forPath: request.uri.path) ?? "unmatched")", "status": .stringConvertible(status),
                    "duration_ms": .stringConvertible(Double(seconds) * 1000 + Double(attoseconds / 1_000_000_000_000) / 1_000),
                ]
            )
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }

    /// "3.2ms": enough precision to compare requests by eye.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 10_000 + attoseconds / 100_000_000_000_000)  // 0.1 ms units
        return "\(tenths / 10).\(tenths % 10)ms"
    }
}
