import AgoraModels
import Synchronization

/// Where the app's service requests are reported while someone watches: the traced wrapper of
/// each feature's service (`TracedEventsService`) tells it each request's endpoint, mode,
/// duration and outcome.
///
/// One per app, shared by the service and the watcher; with no observer, a request costs one
/// atomic load.
public final class ServiceRequestTrace: Sendable {
    /// One finished request.
    public struct Record: Sendable {
        /// The service method asked (`fetchEvents`).
        public let endpoint: String
        /// Mock or live.
        public let mode: ServiceMode
        /// From the call to its answer, the mock's simulated latency included.
        public let duration: Duration
        /// What came back in a few words (`20 items`), or the error.
        public let outcome: Result<String, ServiceError>
    }

    private let isObserved = Atomic<Bool>(false)
    private let observer = Mutex<(@Sendable (Record) -> Void)?>(nil)

    public init() {}

    /// Tells `observer` each request from now on, on the thread that made it; `nil` stops.
    public func observe(_ observer: (@Sendable (Record) -> Void)?) {
        self.observer.withLock { $0 = observer }
        isObserved.store(observer != nil, ordering: .releasing)
    }

    /// Runs `request`, reporting it as `endpoint` when observed, its answer in the words of
    /// `summary` (``pageSummary(_:)`` for a page).
    public func run<Answer>(
        _ endpoint: String, mode: ServiceMode, summary: (Answer) -> String,
        _ request: () async throws(ServiceError) -> Answer
    ) async throws(ServiceError) -> Answer {
        guard isObserved.load(ordering: .acquiring) else { return try await request() }
        let started = ContinuousClock.now
        do {
            let answer = try await request()
            report(Record(endpoint: endpoint, mode: mode, duration: .now - started, outcome: .success(summary(answer))))
            return answer
        } catch {
            report(Record(endpoint: endpoint, mode: mode, duration: .now - started, outcome: .failure(error)))
            throw error
        }
    }

    /// A page in a few words: `20 items`, `3 items, last page`.
    public static func pageSummary<Item>(_ page: Page<Item>) -> String {
        "\(page.items.count) item\(page.items.count == 1 ? "" : "s")\(page.nextCursor == nil ? ", last page" : "")"
    }

    private func report(_ record: Record) {
        observer.withLock { $0 }?(record)
    }
}
