import AgoraContractCoding
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

extension AgoraServer {
    /// The Hummingbird application: middleware outermost first, then the generated routes.
    ///
    /// 1. ``RequestLogMiddleware``: one line per request, with the status the client got;
    /// 2. ``ErrorResponseMiddleware``: every error becomes the contract's JSON `ErrorBody` (a known
    ///    path with a method it does not answer, 405 with `Allow`);
    /// 3. ``BodySizeLimitMiddleware``: 413 before an oversized body is read;
    /// 4. the OpenAPI middleware, before the request is decoded: ``AuthenticationMiddleware``
    ///    (401 before a body is even looked at), ``ParameterValidationMiddleware`` (400 naming a
    ///    bad path id or `limit`).
    func makeApplication(port: Int, onListening: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        guard (0...65_535).contains(port) else {
            throw ConfigurationError("port", "port \(port) is out of range; expected 0...65535 (0 picks a free port)")
        }
        let middlewares: [any ServerMiddleware] = [
            AuthenticationMiddleware(store: store, now: configuration.now),
            ParameterValidationMiddleware(),
        ]
        // The error middleware must be in place before the routes are, so it learns them first.
        let routes = try RouteTable { try handlers.registerHandlers(on: $0, configuration: .agora, middlewares: middlewares) }
        let router = Router()
        // Middleware wraps the routes registered after it, and the "no route" responder.
        router.middlewares.add(RequestLogMiddleware())
        router.middlewares.add(ErrorResponseMiddleware(routes: routes))
        router.middlewares.add(BodySizeLimitMiddleware(maxBytes: configuration.maxBodyBytes))
        try handlers.registerHandlers(on: router, configuration: .agora, middlewares: middlewares)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: port)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
