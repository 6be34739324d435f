import CCurl
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sockets libcurl holds open for one handle, so that an exchange that ends early (its
/// deadline, a cancelled task) can cut its connection at once from its own thread.
///
/// libcurl opens and closes them through the callbacks below, each under the lock, so a socket
/// is shut down only while libcurl still owns it: a descriptor it has closed, which the process
/// may already have reused for another file, is never touched. `shutdown(2)` from another thread
/// is what POSIX allows on a socket in use: libcurl's next wait on it ends, and the peer sees the
/// connection close now, not when the transfer's thread next looks at its flags.
final class CurlSockets: Sendable {
    private let open = Mutex<Set<Int32>>([])

    /// Shuts down every socket libcurl holds for the handle.
    func cut() {
        open.withLock { sockets in
            for socket in sockets { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    fileprivate func opened(_ socket: Int32) {
        open.withLock { _ = $0.insert(socket) }
    }

    fileprivate func close(_ socket: Int32) -> Int32 {
        open.withLock { sockets in
            sockets.remove(socket)
            #if canImport(Glibc)
            return Glibc.close(socket)
            #else
            return Darwin.close(socket)
            #endif
        }
    }
}

/// libcurl's open-socket callback: the socket it asks for, recorded in the handle's ``CurlSockets``.
let openSocket: ccurl_open_socket_fn = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let made = socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    guard made >= 0 else { return CURL_SOCKET_BAD }
    Unmanaged<CurlSockets>.fromOpaque(context).takeUnretainedValue().opened(made)
    return made
}

/// libcurl's close-socket callback: closes a socket it opened, forgetting it first.
let closeSocket: ccurl_close_socket_fn = { context, socket in
    guard let context else { return 1 }
    return Unmanaged<CurlSockets>.fromOpaque(context).takeUnretainedValue().close(socket)
}
