import AgoraDI
import Synchronization

// Small services shaped like a feature module's graph: view model → use case → data source.

protocol EventsFetchable: Sendable {}

final class LiveEventsFetcher: EventsFetchable {}

final class EventsUseCase: Sendable {
    let fetcher: any EventsFetchable

    init(fetcher: any EventsFetchable) {
        self.fetcher = fetcher
    }
}

final class EventsListViewModel: Sendable {
    let useCase: EventsUseCase

    init(useCase: EventsUseCase) {
        self.useCase = useCase
    }
}

protocol APIClient: Sendable {
    var baseURL: String { get }
}

struct StubAPIClient: APIClient {
    let baseURL: String
}

/// A value that differs per environment, to observe which container a factory resolved from.
struct AppEnvironment: Sendable {
    let name: String
}

final class Greeter: Sendable {
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }
}

/// A class with identity, for checking which scopes share instances.
final class Session: Sendable {}

/// A value with no identity, for checking that `.weak` falls back to transient.
struct Preferences: Sendable {}

// Placeholders for cyclic graphs; the factories create the cycle, not the types.
final class Alpha: Sendable {}
final class Beta: Sendable {}
final class Gamma: Sendable {}

enum NetworkError: Error {
    case offline
}

/// Counts factory runs; safe to bump from many tasks at once.
final class Counter: Sendable {
    private let count = Mutex(0)

    var value: Int {
        count.withLock { $0 }
    }

    func increment() {
        count.withLock { $0 += 1 }
    }
}

extension Container {
    /// Registers the events feature, everything except its data source.
    func registerEventsFeatureWithoutFetcher() {
        register(EventsListViewModel.self) { resolver in
            EventsListViewModel(useCase: try resolver.resolve())
        }
        register(EventsUseCase.self) { resolver in
            EventsUseCase(fetcher: try resolver.resolve())
        }
    }
}
