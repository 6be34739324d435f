import CCurl
import Synchronization

/// A libcurl easy handle, which keeps its connection to the server open between requests.
///
/// `@unchecked Sendable` because it wraps a C pointer; libcurl allows a handle on any thread,
/// one thread at a time, and that is what holds: a handle is either idle in a ``CurlHandles``
/// pool, reached only under the pool's lock, or held by the one transfer that took it, which
/// gives it back only once `curl_easy_perform` has returned.
final class CurlHandle: @unchecked Sendable {
    /// libcurl's `CURL *`.
    let raw: UnsafeMutableRawPointer
    /// The sockets it holds open, which outlive a transfer while the connection is kept.
    let sockets = CurlSockets()

    private init(raw: UnsafeMutableRawPointer) { self.raw = raw }

    /// A new handle, or `nil` when libcurl cannot start (out of memory).
    static func make() -> CurlHandle? {
        guard CurlHandle.libraryStarted else { return nil }
        return curl_easy_init().map(CurlHandle.init(raw:))
    }

    deinit {
        // The socket callbacks are set for each transfer and cleared when the handle is given
        // back, so here libcurl closes any kept connection itself.
        curl_easy_cleanup(raw)
    }

    /// libcurl's global set-up, once per process before the first handle (a `static let` runs
    /// its initialiser exactly once, whatever thread gets there first).
    static let libraryStarted: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
}

/// The idle handles of one transport, so that consecutive requests reuse a connection.
final class CurlHandles: Sendable {
    /// More idle handles than this are closed.
    private let capacity: Int
    private let idle = Mutex<[CurlHandle]>([])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle handle, or a new one.
    func take() -> CurlHandle? {
        idle.withLock { $0.popLast() } ?? CurlHandle.make()
    }

    /// Gives back a handle whose transfer has ended: its options are cleared, its connection kept.
    func giveBack(_ handle: CurlHandle) {
        curl_easy_reset(handle.raw)
        idle.withLock { if $0.count < capacity { $0.append(handle) } }
    }
}
