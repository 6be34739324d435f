import AgoraAPI
import Dispatch
import Foundation
import Synchronization

/// One request on its way, between the task that awaits it and the thread that runs it.
///
/// A request ends exactly once, by whichever comes first: libcurl finishing the transfer, the
/// deadline passing, or the awaiting task being cancelled. The first takes the waiter under the
/// lock, then cuts the connection and resumes it; the others find none and do nothing. An early end also sets ``isEnded``,
/// which the transfer reads at its next callback to stop, closing the connection: the transport
/// stops reading from a server that trickles or floods.
final class CurlExchange: Sendable {
    private let waiter = Mutex<CheckedContinuation<CurlReply, any Error>?>(nil)
    private let ended = Atomic<Bool>(false)
    /// The sockets of the handle the transfer runs on, while it runs.
    private let sockets = Mutex<CurlSockets?>(nil)

    /// Where deadlines fire: a serial queue of its own, not the global one.
    private static let deadlines = DispatchQueue(label: "agora.live.deadlines", qos: .userInteractive)

    /// Whether the request has ended, so the transfer should stop.
    var isEnded: Bool { ended.load(ordering: .acquiring) }

    /// Runs `transfer` on a thread of its own (libcurl's easy interface blocks) and returns its
    /// reply, or throws ``ServiceError/timeout`` once `timeout` has passed, `CancellationError`
    /// when the calling task is cancelled, or the transfer's error.
    static func run(
        timeout: Duration, _ transfer: @escaping @Sendable (CurlExchange) -> Result<CurlReply, any Error>
    ) async throws -> CurlReply {
        let exchange = CurlExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                exchange.waiter.withLock { $0 = waiter }
                // Cancelled before the waiter existed: the handler below found nothing to end.
                if Task.isCancelled { return exchange.end(with: .failure(CancellationError())) }
                // A Dispatch timer rather than a sleeping task: it needs no cancelling (ending is
                // idempotent) and fires even while the cooperative threads are busy. Its queue is
                // a queue of its own, which Dispatch gives a thread even when the global queue's
                // threads (one per core) are all busy with blocking work, such as password hashing.
                Self.deadlines.asyncAfter(deadline: .now() + timeout.timeInterval) { [weak exchange] in
                    exchange?.end(with: .failure(ServiceError.timeout))
                }
                Thread.detachNewThread { exchange.end(with: transfer(exchange)) }
            }
        } onCancel: {
            exchange.end(with: .failure(CancellationError()))
        }
    }

    /// Says which handle's sockets the transfer runs on (`nil` once it has returned): an early
    /// end cuts them, and never those of a handle already given back for another request.
    func use(_ sockets: CurlSockets?) {
        self.sockets.withLock { $0 = sockets }
        // Ended before the transfer said where it runs (a deadline that came first on a busy
        // machine): what it opens from now on is cut at once, as `end` would have.
        if isEnded { sockets?.cut() }
    }

    /// Ends the request with `result`, if it has not ended yet. An end that comes before the
    /// transfer's own (a deadline, a cancelled task) also cuts its connection at once: the
    /// transfer's thread would notice the flag only at its next callback.
    private func end(with result: Result<CurlReply, any Error>) {
        // Whoever takes the waiter ends the request, and only then cuts the connection: cut
        // first, the transfer would fail at once and could take the waiter with "cannot be
        // reached" before the deadline's "took too long".
        let first = waiter.withLock { waiter in
            let first = waiter
            waiter = nil
            return first
        }
        guard let first else { return }
        ended.store(true, ordering: .releasing)
        sockets.withLock { $0?.cut() }
        first.resume(with: result)
    }
}

extension Duration {
    /// The duration in seconds, as Foundation and Dispatch take it.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, as libcurl takes it.
    var milliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
