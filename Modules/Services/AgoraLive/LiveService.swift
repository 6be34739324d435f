import AgoraAPI
import AgoraContract
import AgoraContractCoding
import AgoraModels
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenAPIRuntime
import OpenAPIURLSession

/// The Agora API over HTTP: live mode's ``ServiceType``, talking to agora-server.
///
/// Requests go through the client generated from `openapi.yaml`, so the paths, bodies and status
/// codes are the contract's. Every failure becomes a ``ServiceError`` a ViewModel already shows:
/// unreachable → ``ServiceError/offline``, too slow → ``ServiceError/timeout``, 401 →
/// ``ServiceError/unauthorized`` (the session ends), 400 → ``ServiceError/invalidInput(field:reason:)``,
/// 5xx → ``ServiceError/server(status:)``, a body that does not decode →
/// ``ServiceError/undecodable(_:)``, a redirect → ``ServiceError/redirected(status:origin:)``.
public struct LiveService: ServiceType {
    let client: Client
    /// Answers kept with their `ETag`, for conditional reads (`If-None-Match` → 304).
    let eventsPages = RememberedAnswers<Page<Event>>()
    let events = RememberedAnswers<Event>()
    let commentsPages = RememberedAnswers<Page<Comment>>()

    /// - Parameters:
    ///   - baseURL: agora-server's address, e.g. `http://127.0.0.1:8080`.
    ///   - timeout: how long a request may wait for the server before it fails with
    ///     ``ServiceError/timeout``.
    public init(baseURL: URL, timeout: Duration = .seconds(10)) {
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        let session = URLSession(configuration: configuration)
        self.init(baseURL: baseURL, transport: URLSessionTransport(configuration: .init(session: session)))
    }

    /// A service over any transport; tests pass one that fails on purpose.
    ///
    /// Whatever the transport, a redirect is refused and a response's media-type headers are
    /// checked before the OpenAPI runtime parses them.
    public init(baseURL: URL, transport: any ClientTransport) {
        client = Client(
            serverURL: baseURL, configuration: .agora, transport: transport,
            middlewares: [BearerTokenMiddleware(), RedirectRefusalMiddleware(), ResponseHeaderGuardMiddleware()]
        )
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
