import AgoraChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to the server under test that sends bytes exactly as given: what URLSession
/// would not send (a header twice, half a request, one byte at a time). Loopback only, every read
/// bounded by a deadline.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, such as
    /// 127.0.0.2, makes the server see another client), or throws with the errno.
    ///
    /// - Parameter receiveBuffer: when given, the socket's receive buffer in bytes (the kernel
    ///   doubles it): a client that stops reading is found out sooner.
    init(port: Int, from source: String? = nil, receiveBuffer: Int32? = nil) throws {
        // The descriptor is the connection's only once connected: a class whose initializer
        // throws after its last stored property is set is deinitialised, and its deinit would
        // close the descriptor a second time, when it may already be another thread's socket.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw POSIXError(.init(rawValue: error) ?? .ECONNREFUSED)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Ends the connection both ways, as a client that goes away; the descriptor is closed
    /// when the connection goes.
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends `text`'s UTF-8 bytes; `false` when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads until the server closes the connection or `timeout` (a hang, unless a test reads
    /// what has come so far) passes; what arrived.
    ///
    /// Polls without blocking and sleeps between polls: the server under test runs its handlers
    /// on the same cooperative threads as the test (two, on a two-core machine).
    func readUntilClosed(timeout: Duration = Hang.bound) async -> String {
        await readToClose(timeout: timeout).text
    }

    /// What arrives until the server closes the connection, and whether it did: `false` when
    /// `timeout` (a hang) passed first.
    func readToClose(timeout: Duration = Hang.bound) async -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let closed = await read(for: timeout) {
            received += $0
            return false
        }
        return (String(decoding: received, as: UTF8.self), closed)
    }

    /// The next bytes that arrive; `nil` when the server closed the connection or `timeout`
    /// (a hang) passed first. For a stream that stays open.
    func receive(within timeout: Duration = Hang.bound) async -> [UInt8]? {
        var chunk: [UInt8]?
        _ = await read(for: timeout) { bytes in
            chunk = bytes
            return true
        }
        return chunk
    }

    /// Whether the server closed the connection within `timeout` (end of stream or reset): a
    /// hang bound when a close is expected, a short window when none is.
    func isClosed(within timeout: Duration = Hang.bound) async -> Bool {
        await read(for: timeout) { _ in false }
    }

    /// Hands what arrives to `consume` until the peer closes (`true`), `consume` says it has
    /// what it waited for (`false`), or `timeout` passes (`false`).
    private func read(for timeout: Duration, _ consume: ([UInt8]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) >= 0 else { return true }
            guard poller.revents != 0 else {
                try? await Task.sleep(for: .milliseconds(10))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { return true }
            if consume(Array(buffer[..<count])) { return false }
        }
        return false
    }

    /// Sends one request and reads the answer, for a server that closes after answering
    /// (`Connection: close` is added).
    static func exchange(
        port: Int, _ head: String, body: String = "", from source: String? = nil, timeout: Duration = Hang.bound
    ) async throws -> String {
        let connection = try RawConnection(port: port, from: source)
        connection.send(head + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        return await connection.readUntilClosed(timeout: timeout)
    }
}
