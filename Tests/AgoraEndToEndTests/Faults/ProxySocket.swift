import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket on the loopback interface, blocking, with a receive timeout: all ``FaultProxy``
/// needs of POSIX sockets. Closed once, by ``close()`` or when released.
final class ProxySocket: Sendable {
    let descriptor: Int32
    private let isClosed = Atomic<Bool>(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    struct SocketError: Error, CustomStringConvertible {
        let description: String
        init(_ call: String) { description = "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    /// A socket listening on 127.0.0.1 at an ephemeral port (read it from ``localPort``).
    static func listening() throws(SocketError) -> ProxySocket {
        let socket = try makeStreamSocket()
        var reuse: Int32 = 1
        setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw SocketError("bind(127.0.0.1:0)") }
        guard listen(socket.descriptor, 64) == 0 else { throw SocketError("listen") }
        return socket
    }

    /// A socket connected to 127.0.0.1:`port`, or an error when nothing listens there.
    static func connected(toPort port: Int, receiveTimeout: Duration) throws(SocketError) -> ProxySocket {
        let socket = try makeStreamSocket()
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SocketError("connect(127.0.0.1:\(port))") }
        socket.setReceiveTimeout(receiveTimeout)
        return socket
    }

    /// The port this socket is bound to.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection, or `nil` once the socket is closed.
    func accept(receiveTimeout: Duration) -> ProxySocket? {
        while !isClosed.load(ordering: .acquiring) {
            #if canImport(Glibc)
            let client = Glibc.accept(descriptor, nil, nil)
            #else
            let client = Darwin.accept(descriptor, nil, nil)
            #endif
            if client >= 0 {
                let socket = ProxySocket(descriptor: client)
                socket.setReceiveTimeout(receiveTimeout)
                return socket
            }
            if errno != EINTR && errno != ECONNABORTED { return nil }
        }
        return nil
    }

    /// The next bytes, or `nil` at the end of the stream, on an error or when the receive
    /// timeout passes.
    func receive() -> Data? {
        var bytes = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(descriptor, &bytes, bytes.count, 0)
            if count > 0 { return Data(bytes[..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Sends all of `data`; `false` when the peer is gone.
    @discardableResult
    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Closes the socket; a thread blocked in ``accept(receiveTimeout:)`` or ``receive()`` on it
    /// returns.
    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // shutdown wakes a thread blocked in accept or recv on Linux; close alone would not.
        shutdown(descriptor, Int32(SHUT_RDWR))
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    private func setReceiveTimeout(_ timeout: Duration) {
        var value = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func makeStreamSocket() throws(SocketError) -> ProxySocket {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError("socket") }
        return ProxySocket(descriptor: descriptor)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
