import CCurl
import Foundation
import Synchronization

/// The one thread on which every stream of server-sent events of the process is read, through
/// libcurl's multi interface: a stream costs its connection and its handle, not a thread, so a
/// host that follows many (agora-web, one stream per visitor with a page open) holds one.
///
/// A stream is handed over with ``add(_:)`` from any thread; from then on only the loop's thread
/// touches it, and it calls the stream's callbacks there, its end last. ``wake()`` makes the loop
/// look at once at what was added or stopped, rather than at its next round (a second at most:
/// the rounds also let libcurl call each stream's progress callback, which ends a quiet one).
final class CurlStreamLoop: Sendable {
    /// The process's loop; its thread starts with the first stream.
    static let shared = CurlStreamLoop()

    private let multi: MultiHandle?
    /// Streams handed over and not yet taken up by the loop's thread.
    private let added = Mutex<[CurlStreamTransfer]>([])
    private let started = Mutex(false)

    private init() {
        multi = CurlHandle.libraryStarted ? curl_multi_init().map(MultiHandle.init(raw:)) : nil
    }

    /// Hands `transfer` to the loop, which starts it; one that cannot be started ends at once,
    /// as a dropped connection does.
    func add(_ transfer: CurlStreamTransfer) {
        guard let multi else { return transfer.end(with: CURLE_FAILED_INIT) }
        added.withLock { $0.append(transfer) }
        let isFirst = started.withLock { started in
            defer { started = true }
            return !started
        }
        if isFirst { Thread.detachNewThread { [self] in run(multi) } }
        wake()
    }

    /// Makes the loop look at once at what was added or stopped.
    func wake() {
        if let multi { curl_multi_wakeup(multi.raw) }
    }

    /// The loop: takes up what was added, lets libcurl read and write, ends what finished or was
    /// stopped, and waits for a socket, a wake-up or a second. Never returns: the thread lasts
    /// as long as the process.
    private func run(_ multi: MultiHandle) {
        var running: [UnsafeMutableRawPointer: CurlStreamTransfer] = [:]
        func end(_ handle: UnsafeMutableRawPointer, with code: CURLcode) {
            guard let transfer = running.removeValue(forKey: handle) else { return }
            curl_multi_remove_handle(multi.raw, handle)
            transfer.end(with: code)
        }
        while true {
            for transfer in added.withLock({ added in
                defer { added = [] }
                return added
            }) {
                if curl_multi_add_handle(multi.raw, transfer.handle.raw) == CURLM_OK {
                    running[transfer.handle.raw] = transfer
                } else {
                    transfer.end(with: CURLE_FAILED_INIT)
                }
            }
            for (handle, transfer) in running where transfer.isStopped {
                end(handle, with: CURLE_ABORTED_BY_CALLBACK)
            }
            var stillRunning: Int32 = 0
            _ = curl_multi_perform(multi.raw, &stillRunning)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi.raw, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                end(handle, with: message.pointee.data.result)
            }
            _ = curl_multi_poll(multi.raw, nil, 0, 1_000, nil)
        }
    }
}

/// libcurl's `CURLM *`.
///
/// `@unchecked Sendable` because it wraps a C pointer: only the loop's thread uses it, but for
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread.
private struct MultiHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}
