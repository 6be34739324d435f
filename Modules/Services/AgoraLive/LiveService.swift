import AgoraAPI
import AgoraContract
import AgoraContractCoding
import AgoraModels
import Foundation
import Logging
import OpenAPIRuntime

/// The Agora API over HTTP: live mode's ``ServiceType``, talking to agora-server.
///
/// Requests go through the client generated from `openapi.yaml`, so the paths, bodies and status
/// codes are the contract's. Every failure becomes a ``ServiceError`` a ViewModel already shows:
/// unreachable → ``ServiceError/offline``, too slow → ``ServiceError/timeout``, 401 →
/// ``ServiceError/unauthorized`` (the session ends), 400 → ``ServiceError/invalidInput(field:reason:)``,
/// 5xx → ``ServiceError/server(status:)``, a body that does not decode (or is too large, or a
/// page with more items than asked for) → ``ServiceError/undecodable(_:)``, a redirect →
/// ``ServiceError/redirected(status:origin:)``; see ``LiveTransport`` for what it refuses.
///
/// Its requests are `@concurrent`: encoding a request and decoding its answer (a page can be
/// megabytes of JSON) run on the global pool, never on the caller's actor, which for a screen's
/// work is the main actor.
public struct LiveService: ServiceType {
    let client: Client
    /// On whose behalf requests are made; a login's issued device id is kept in it.
    let origin: RequestOrigin?
    /// Answers kept with their `ETag`, for conditional reads (`If-None-Match` → 304).
    let eventsPages = RememberedAnswers<Page<Event>>()
    let events = RememberedAnswers<Event>()
    let commentsPages = RememberedAnswers<Page<Comment>>()

    /// - Parameters:
    ///   - baseURL: agora-server's address, e.g. `http://127.0.0.1:8080`.
    ///   - timeout: how long a request may take, from sending it to the last byte of its answer,
    ///     before it fails with ``ServiceError/timeout``.
    ///   - maxReplyBytes: the largest answer body read; a larger one fails with
    ///     ``ServiceError/undecodable(_:)`` and is not read further.
    ///   - logger: where each request is logged, one `debug` line (method, path, status, time).
    ///   - origin: on whose behalf the requests are made (a proxied visitor, a device), if anyone's.
    public init(
        baseURL: URL, timeout: Duration = .seconds(10), maxReplyBytes: Int = LiveTransport.defaultMaxReplyBytes,
        logger: Logger = Logger(label: "agora.live"), origin: RequestOrigin? = nil
    ) {
        self.init(baseURL: baseURL, transport: LiveTransport(timeout: timeout, maxReplyBytes: maxReplyBytes), logger: logger, origin: origin)
    }

    /// A service over any transport; tests pass one that fails on purpose.
    ///
    /// Whatever the transport, a redirect is refused and a response's media-type headers are
    /// checked before the OpenAPI runtime parses them.
    public init(baseURL: URL, transport: any ClientTransport, logger: Logger = Logger(label: "agora.live"), origin: RequestOrigin? = nil) {
        self.origin = origin
        var middlewares: [any ClientMiddleware] = [RequestLogMiddleware(logger: logger), BearerTokenMiddleware()]
        if let origin { middlewares.append(RequestOriginMiddleware(origin: origin)) }
        // A response meets the last middleware first: a redirect is refused for what it is,
        // whatever its other headers, before they are checked.
        middlewares += [ResponseHeaderGuardMiddleware(), RedirectRefusalMiddleware()]
        client = Client(serverURL: baseURL, configuration: .agora, transport: transport, middlewares: middlewares)
    }

    /// Runs one request, as `token`'s user when there is one, turning whatever it throws into a
    /// ``ServiceError``.
    func send<Output>(
        as token: AccessToken? = nil,
        _ request: @Sendable (Client) async throws -> Output
    ) async throws(ServiceError) -> Output {
        do {
            return try await BearerToken.$current.withValue(token) { try await request(client) }
        } catch {
            throw ServiceError.transport(error)
        }
    }
}
