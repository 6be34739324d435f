import AgoraContractCoding
import AgoraHTTPServing
import Hummingbird
import HummingbirdCore
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime

extension AgoraServer {
    /// The Hummingbird application: middleware outermost first, then the generated routes.
    ///
    /// 1. ``ClientAddressMiddleware``: the client's address (the peer's, or the one a trusted
    ///    proxy forwards), for login throttling and the request log;
    ///    ``RequestLogMiddleware``: one line per request, with the status the client got;
    ///    ``MetricsMiddleware``: each request counted by route and status for `GET /metrics`;
    ///    `HostAllowListMiddleware`: 421 for a `Host` the server was not started for (DNS
    ///    rebinding), 400 for an HTTP/1.1 request without one;
    ///    ``NoStoreMiddleware``: `Cache-Control: no-store` on answers that hold a token or the
    ///    account's own data, refusals included;
    /// 2. ``ErrorResponseMiddleware``: every error becomes the contract's JSON `ErrorBody` (a known
    ///    path with a method it does not answer, 405 with `Allow`);
    /// 3. ``HeaderGuardMiddleware``: 400 for a media-type header the OpenAPI runtime cannot take;
    ///    ``RequestTargetGuardMiddleware``: 400 for a path or query whose percent-encoding is broken;
    /// 4. ``RequestBodyLimitsMiddleware``: 413 before an oversized body is read, 408 for one
    ///    that trickles in past the body timeout;
    ///    ``CachedReadsMiddleware``: reads of events and comments from ``ReadCache`` until the
    ///    next write (a member's kept for that member), and an `ETag` on every such read;
    /// 5. the OpenAPI middleware, before the request is decoded: ``AuthenticationMiddleware``
    ///    (401 before a body is even looked at; sessions from ``SessionCache``), ``ContentNegotiationMiddleware`` (406 and 415
    ///    before the operation has any effect), ``ParameterValidationMiddleware`` (400 naming a
    ///    bad path id or `limit`).
    func makeApplication(port: Int, onListening: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        guard (0...65_535).contains(port) else {
            throw ConfigurationError("port", "port \(port) is out of range; expected 0...65535 (0 picks a free port)")
        }
        let middlewares: [any ServerMiddleware] = [
            AuthenticationMiddleware(sessions: sessions),
            ContentNegotiationMiddleware(),
            ParameterValidationMiddleware(),
        ]
        // The error middleware must be in place before the routes are, so it learns them first.
        let routes = try RouteTable { try handlers.registerHandlers(on: $0, configuration: .agora, middlewares: middlewares) }
        let router = Router(context: PeerRequestContext.self)
        // Middleware wraps the routes registered after it, and the "no route" responder.
        let trustedProxies = TrustedProxies(configuration.trustedProxies.compactMap { IPAddress($0) }, header: configuration.forwardedHeader)
        router.middlewares.add(ClientAddressMiddleware(trustedProxies: trustedProxies))
        router.middlewares.add(RequestLogMiddleware(routes: routes))
        router.middlewares.add(MetricsMiddleware(routes: routes, metrics: metrics))
        router.middlewares.add(HostAllowListMiddleware(.serving(host: configuration.host, allowing: configuration.allowedHosts)))
        router.middlewares.add(NoStoreMiddleware())
        router.middlewares.add(ErrorResponseMiddleware(routes: routes))
        router.middlewares.add(HeaderGuardMiddleware())
        router.middlewares.add(RequestTargetGuardMiddleware())
        let limits = configuration.connectionLimits
        let connections = OpenConnections(limit: limits.maxConnections)
        // Prometheus' text format, outside the contract: an operator's, not a client's, so only
        // the readers named see it; to anyone else there is no such path.
        let metricsReaders = Set(configuration.metricsReaders.compactMap { IPAddress($0) })
        router.get(RouterPath(ServerMetrics.path)) { [metrics, changes = handlers.changes] _, _ in
            guard let client = ClientAddress.current.flatMap({ IPAddress($0) }), metricsReaders.contains(client) else {
                throw HTTPError(.notFound)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: metrics.exposition(openConnections: connections.count, idle: connections.idleCount, changeStreams: await changes.count))))
        }
        router.middlewares.add(RequestBodyLimitsMiddleware(maxBytes: configuration.maxBodyBytes, timeout: limits.bodyTimeout))
        router.middlewares.add(CachedReadsMiddleware(cache: readCache, sessions: sessions))
        try handlers.registerHandlers(on: router, configuration: .agora, middlewares: middlewares)
        let responder = RequestTaskResponder(router.buildResponder())
        return Application(
            responder: responder,
            // The idle timeout also bounds how long a request's head may take to arrive: the
            // connection counts as active only from the last complete part it read.
            server: .http1Closing(
                configuration: .init(idleTimeout: TimeAmount(limits.idleTimeout)), bodyTimeout: limits.bodyTimeout, connections: connections,
                eventStreams: changeStreams(routes: routes, responder: responder)
            ),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: port),
                availableConnectionsDelegate: IdleFirstConnectionLimit(connections: connections, logger: logger)
            ),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// The streams of changes, answered from the event loop once their request has gone through
    /// the middleware and the routes as any other: an open stream then holds its connection and
    /// its place in ``ChangeFeed``, and no task.
    private func changeStreams(routes: RouteTable, responder: some HTTPResponder<PeerRequestContext>) -> EventStreamRoutes {
        let logger = logger
        return EventStreamRoutes(maximumPendingWrites: handlers.changes.maximumPendingEvents) { request in
            guard request.method == .get, let path = request.path?.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first else {
                return false
            }
            return routes.template(forPath: String(path)).map(APIHandlers.changeStreamTemplates.contains) ?? false
        } respond: { request, channel in
            let context = PeerRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            do {
                return try await responder.respond(to: request, context: context)
            } catch {
                // As Hummingbird answers an error no middleware turned into a response.
                return Response(status: .internalServerError)
            }
        }
    }
}
