import AgoraAPI
import Synchronization

/// How one endpoint of a feature's mock service answers (Kickstarter's per-endpoint `…Response`
/// knobs), through ``MockService/answer(_:to:fromFixtures:)``.
public enum MockEndpoint<Request: Sendable, Response: Sendable>: Sendable {
    /// Answer from the fixtures and the backend's state, as the demo does.
    case fixtures
    /// Always answer with this value or error.
    case result(Result<Response, ServiceError>)
    /// Answer each request with what this closure returns (a test that needs page 2 to fail).
    case handler(@Sendable (Request) -> Result<Response, ServiceError>)
    /// Answer the next requests with these results in order, then from the fixtures.
    case queue(MockResultQueue<Response>)
    /// Let the request reach the fixtures and the backend (a post is made), then answer with
    /// what this closure makes of their answer: a lost answer is `{ _ in .failure(.offline) }`.
    case forwarding(@Sendable (Result<Response, ServiceError>) -> Result<Response, ServiceError>)

    /// Shorthand for `.result(.success(value))`.
    public static func success(_ value: Response) -> Self { .result(.success(value)) }
    /// Shorthand for `.result(.failure(error))`.
    public static func failure(_ error: ServiceError) -> Self { .result(.failure(error)) }
    /// Fails the first request with `error`, then answers from the fixtures (a post that fails
    /// once and succeeds on retry).
    public static func failingOnce(with error: ServiceError) -> Self { .queue(MockResultQueue([.failure(error)])) }
    /// The first request reaches the backend but its answer is lost: the client gets `error`
    /// although the server did the work (a post that was created). Later requests answer as
    /// the fixtures do.
    public static func losingAnswerOnce(with error: ServiceError) -> Self {
        let lost = MockResultQueue<Response>([.failure(error)])
        return .forwarding { answer in lost.next() ?? answer }
    }

    func respond(
        to request: Request,
        fromFixtures fixture: (Request) throws(ServiceError) -> Response
    ) throws(ServiceError) -> Response {
        switch self {
        case .fixtures: return try fixture(request)
        case .result(let result): return try result.get()
        case .handler(let handler): return try handler(request).get()
        case .queue(let queue):
            if let next = queue.next() { return try next.get() }
            return try fixture(request)
        case .forwarding(let answer):
            let result: Result<Response, ServiceError>
            do throws(ServiceError) {
                result = .success(try fixture(request))
            } catch {
                result = .failure(error)
            }
            return try answer(result).get()
        }
    }
}

/// Results an endpoint gives out one per request, shared by every copy of the service.
public final class MockResultQueue<Response: Sendable>: Sendable {
    private let results: Mutex<[Result<Response, ServiceError>]>

    public init(_ results: [Result<Response, ServiceError>]) {
        self.results = Mutex(results)
    }

    func next() -> Result<Response, ServiceError>? {
        results.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
