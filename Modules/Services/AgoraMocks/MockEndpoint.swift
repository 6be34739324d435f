import AgoraAPI

/// How one endpoint of ``MockService`` answers (Kickstarter's per-endpoint `…Response` knobs).
public enum MockEndpoint<Request: Sendable, Response: Sendable>: Sendable {
    /// Answer from the deterministic fixture data, as the demo does.
    case fixtures
    /// Always answer with this value or error.
    case result(Result<Response, ServiceError>)
    /// Answer each request with what this closure returns (a test that needs page 2 to fail).
    case handler(@Sendable (Request) -> Result<Response, ServiceError>)

    /// Shorthand for `.result(.success(value))`.
    public static func success(_ value: Response) -> Self { .result(.success(value)) }
    /// Shorthand for `.result(.failure(error))`.
    public static func failure(_ error: ServiceError) -> Self { .result(.failure(error)) }

    func respond(
        to request: Request,
        fromFixtures fixture: (Request) throws(ServiceError) -> Response
    ) throws(ServiceError) -> Response {
        switch self {
        case .fixtures: return try fixture(request)
        case .result(let result): return try result.get()
        case .handler(let handler): return try handler(request).get()
        }
    }
}
