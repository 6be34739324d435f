import Logging
import ServiceLifecycle

/// Services run in the background — a server and what stops with it — until ``stop()``, which
/// shuts them down gracefully, the last first: a Hummingbird server closes its listening socket
/// before it lets its connections go, so nothing is accepted once it stops taking connections.
/// Cancelling instead ends the server's accept loop while its socket still accepts, and SwiftNIO
/// traps on a connection accepted then ("Deinited NIOAsyncWriter without calling finish()"): a
/// client that reconnects as its server stops would end the process. What still runs after
/// `patience` (a connection that does not end) is cancelled.
final class BackgroundServices: Sendable {
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts `services`; `ended` is called once they have all ended, however.
    init(_ services: [any Service], patience: Duration = .seconds(2), logger: Logger, ended: @escaping @Sendable () -> Void) {
        var configuration = ServiceGroupConfiguration(services: services, logger: logger)
        configuration.maximumGracefulShutdownDuration = patience
        let group = ServiceGroup(configuration: configuration)
        self.group = group
        task = Task {
            defer { ended() }
            try await group.run()
        }
    }

    deinit {
        task.cancel()
    }

    /// Waits until the services have ended; throws what ended them, if anything did.
    func value() async throws {
        try await task.value
    }

    /// Stops the services gracefully and waits until they have ended.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// Cancels the services without waiting: for a start abandoned before the server listens.
    func cancel() {
        task.cancel()
    }
}
