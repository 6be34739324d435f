import AgoraChildProcess
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP server that says exactly what a test scripts, on 127.0.0.1 and an ephemeral port:
/// a redirect, a trickle, a flood. Each connection runs `respond` on a thread of its own (the
/// socket calls block; the cooperative threads stay free for the client under test).
///
/// Everything is bounded: the server accepts at most `maxConnections`, stops accepting after
/// `lifetime`, and every socket read or write gives up after `ioTimeout`. It records what a test
/// asserts: the connections it accepted, with each one's request heads and what it wrote.
final class LoopbackHTTPServer: Sendable {
    typealias Respond = @Sendable (LoopbackConnection) -> Void

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var connections: [LoopbackConnection] = []
    }

    init(maxConnections: Int = 8, lifetime: Duration = Hang.bound, respond: @escaping Respond) throws {
        let listener = socket(AF_INET, Self.streamType, 0)
        guard listener >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, named == 0, listen(listener, 16) == 0 else {
            let error = errno
            close(listener)
            throw POSIXError(.init(rawValue: error) ?? .EADDRINUSE)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let deadline = ContinuousClock.now + lifetime
        Thread { [self] in acceptLoop(maxConnections: maxConnections, until: deadline, respond: respond) }.start()
    }

    /// Stops accepting; connections being answered end when their script does.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// The connections accepted so far, in order.
    var connections: [LoopbackConnection] { state.withLock { $0.connections } }

    /// The head (request line and headers) of every request read, in order of connection.
    var requestHeads: [String] { connections.flatMap(\.tallied.requestHeads) }

    private func acceptLoop(maxConnections: Int, until deadline: ContinuousClock.Instant, respond: @escaping Respond) {
        defer { close(listener) }
        while !state.withLock({ $0.stopped }), ContinuousClock.now < deadline, connections.count < maxConnections {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { continue }
            let connection = LoopbackConnection(descriptor: descriptor)
            state.withLock { $0.connections.append(connection) }
            Thread {
                respond(connection)
                connection.close()
            }.start()
        }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}
