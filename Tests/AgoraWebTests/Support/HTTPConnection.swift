import AgoraChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange over a TCP connection to 127.0.0.1, sent and read as bytes: the test
/// sees the status, every header and the body exactly as the server wrote them (a redirect is
/// not followed, a cookie not stored). Every read is bounded by a deadline.
///
/// Reads poll without blocking and sleep between polls: the server under test runs on the same
/// cooperative threads as the test.
final class HTTPConnection {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, `127.0.1.2`, is
    /// another visitor), or throws with the errno.
    init(port: Int, from source: String? = nil) throws {
        // The descriptor is the connection's only once connected: a class whose initializer
        // throws after its last stored property is set is deinitialised, and its deinit would
        // close the descriptor a second time, when it may already be another thread's socket.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let error = errno
                close(descriptor)
                throw POSIXError(.init(rawValue: error) ?? .EADDRNOTAVAIL)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw POSIXError(.init(rawValue: error) ?? .ECONNREFUSED)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Sends `text`'s bytes; `false` when the server closed the connection.
    @discardableResult
    func send(_ text: String) async -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        let deadline = ContinuousClock.now + Hang.bound
        while sent < bytes.count, ContinuousClock.now < deadline {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try? await Task.sleep(for: .milliseconds(2))
            } else {
                return false
            }
        }
        return sent == bytes.count
    }

    /// What arrives until the server closes the connection, `until` holds of what arrived, or
    /// `timeout` (a hang) passes.
    func read(timeout: Duration = Hang.bound, until done: (String) -> Bool = { _ in false }) async -> String {
        await receive(timeout: timeout, until: done).text
    }

    /// What arrives until the server closes the connection, and whether it did: `false` when
    /// `timeout` (a hang) passed first.
    func readToClose(timeout: Duration = Hang.bound) async -> (text: String, closed: Bool) {
        await receive(timeout: timeout) { _ in false }
    }

    private func receive(timeout: Duration, until done: (String) -> Bool) async -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var closed = false
        // Looks at least once: `timeout: .zero` takes what has already arrived.
        repeat {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
                if done(String(decoding: received, as: UTF8.self)) { break }
            } else if count == 0 {
                closed = true
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try? await Task.sleep(for: .milliseconds(2))
            } else {
                closed = true  // reset by the server
                break
            }
        } while ContinuousClock.now < deadline
        return (String(decoding: received, as: UTF8.self), closed)
    }
}
