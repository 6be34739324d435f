import Hummingbird

/// Counts each request in ``ServerMetrics`` once it is answered: by its route template, with the
/// status the client got (it sits outside ``ErrorResponseMiddleware``, as the request log does).
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The API's routes, to count a request by its template rather than its ids.
    let routes: RouteTable
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let route = request.uri.path == ServerMetrics.path ? ServerMetrics.path : routes.template(forPath: request.uri.path) ?? "unmatched"
            metrics.record(method: "\(request.method)", route: route, status: status, duration: ContinuousClock.now - start)
        }
        let response = try await next(request, context)
        status = response.status.code
        return response
    }
}
