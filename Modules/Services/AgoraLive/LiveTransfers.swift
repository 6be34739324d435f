import AgoraAPI
import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of one ``LiveTransport``: the state of each running request, keyed by
/// its task's identifier, and the rules that end one early.
///
/// A request ends exactly once, by whichever comes first: URLSession completing the task, the
/// deadline passing, the reply growing past its limit, or the calling task being cancelled. The
/// first removes the request's entry under the lock and resumes its waiter; the others find no
/// entry and do nothing, so a late callback from URLSession cannot resume a waiter twice. An
/// early end cancels the URLSession task, which closes the connection: the transport stops
/// reading from a server that trickles or floods.
final class LiveTransfers: NSObject, URLSessionDataDelegate, Sendable {
    /// What a request that ran to its end received.
    struct Reply: Sendable {
        let head: HTTPURLResponse
        let body: Data
    }

    private struct Transfer {
        let task: URLSessionDataTask
        let waiter: CheckedContinuation<Reply, any Error>
        let maxBytes: Int
        var head: HTTPURLResponse?
        var body = Data()
    }

    private let running = Mutex<[Int: Transfer]>([:])

    /// Runs `task` and returns its reply, or throws ``ServiceError/timeout`` when it has not
    /// ended within `timeout`, ``ServiceError/undecodable(_:)`` when its reply body is larger
    /// than `maxBytes`, or URLSession's error.
    func reply(to task: URLSessionDataTask, timeout: Duration, maxBytes: Int) async throws -> Reply {
        let id = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                running.withLock { $0[id] = Transfer(task: task, waiter: waiter, maxBytes: maxBytes) }
                // Cancelled before the entry existed: the handler below found nothing to end.
                if Task.isCancelled { return end(id, throwing: URLError(.cancelled)) }
                // A Dispatch timer rather than a sleeping task: it needs no cancelling (ending is
                // idempotent) and fires even while the cooperative threads are busy.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) { [weak self] in
                    self?.end(id, throwing: ServiceError.timeout)
                }
                task.resume()
            }
        } onCancel: {
            end(id, throwing: URLError(.cancelled))
        }
    }

    /// Ends request `id` now, if it is still running: its waiter gets `error` and its task is
    /// cancelled.
    private func end(_ id: Int, throwing error: any Error) {
        guard let transfer = running.withLock({ $0.removeValue(forKey: id) }) else { return }
        transfer.task.cancel()
        transfer.waiter.resume(throwing: error)
    }

    // MARK: URLSessionDataDelegate

    /// Never follows a redirect: `nil` makes the 3xx itself the task's response.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        guard let head = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return end(id, throwing: URLError(.badServerResponse))
        }
        // A Content-Length over the limit is refused before a byte of the body is read.
        let refusedLimit: Int? = running.withLock { running in
            running[id]?.head = head
            guard let limit = running[id]?.maxBytes, head.expectedContentLength > Int64(limit) else { return nil }
            return limit
        }
        if let refusedLimit {
            completionHandler(.cancel)
            return end(id, throwing: ServiceError.replyTooLarge(limit: refusedLimit))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        // Checked before appending, so the body held never exceeds the limit. Only the counts are
        // read: a copy of the entry would make the append copy the whole body.
        let refusedLimit: Int? = running.withLock { running in
            guard let held = running[id]?.body.count, let limit = running[id]?.maxBytes else { return nil }
            guard held + data.count <= limit else { return limit }
            running[id]?.body.append(data)
            return nil
        }
        if let refusedLimit { end(id, throwing: ServiceError.replyTooLarge(limit: refusedLimit)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = running.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.waiter.resume(throwing: error)
        } else if let head = transfer.head ?? task.response as? HTTPURLResponse {
            transfer.waiter.resume(returning: Reply(head: head, body: transfer.body))
        } else {
            transfer.waiter.resume(throwing: URLError(.badServerResponse))
        }
    }
}
