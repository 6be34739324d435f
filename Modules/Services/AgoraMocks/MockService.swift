import AgoraAPI
import AgoraModels
import Foundation

/// OSS mode's world: deterministic data, the state users changed in it (its ``MockBackend``),
/// and the latency and clock every answer waits on. No network.
///
/// Each feature's own mock service answers from it (`MockEventsService`, `MockCommentsService`
/// …), with every endpoint configurable there; one world is shared by all of them, so a comment
/// posted through one shows in another's feed, as on a server.
///
/// `latency` delays every answer on the injected clock, so the REPL can show slow work and tests
/// can drive time with a test clock instead of sleeping.
public struct MockService: Sendable {
    /// The state users changed: sessions, RSVPs, comments, feed entries.
    public var backend: MockBackend
    /// How long every answer waits.
    public var latency: Duration
    /// The clock ``latency`` is waited on.
    public var clock: any Clock<Duration>

    /// The fixtures the world starts from.
    public var data: MockData { backend.data }

    /// - Parameters:
    ///   - data: the fixtures.
    ///   - now: the time posted comments get.
    public init(
        data: MockData = MockData(),
        now: @escaping @Sendable () -> Date = { Date() },
        latency: Duration = .zero,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.backend = MockBackend(data: data, now: now)
        self.latency = latency
        self.clock = clock
    }

    // MARK: Answering

    /// Answers a request to an endpoint a feature's own mock declares: after the simulated
    /// latency, from `fixture` or as `endpoint` is set.
    ///
    ///     try await mock.answer(fetchTemplateItems, to: request) { request throws(ServiceError) in
    ///         try mock.data.templateItemsPage(request)
    ///     }
    public func answer<Request, Response>(
        _ endpoint: MockEndpoint<Request, Response>, to request: Request,
        fromFixtures fixture: (Request) throws(ServiceError) -> Response
    ) async throws(ServiceError) -> Response {
        await simulateLatency()
        return try endpoint.respond(to: request, fromFixtures: fixture)
    }

    // MARK: Latency

    private func simulateLatency() async {
        guard latency > .zero else { return }
        // A cancelled sleep ends early; the caller discards the answer of a cancelled request.
        try? await clock.sleep(for: latency)
    }
}
