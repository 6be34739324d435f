import AgoraChildProcess
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection of a ``LoopbackHTTPServer``, as its script sees it: read a request,
/// write bytes, learn whether the client hung up. Every call gives up after `ioTimeout`.
final class LoopbackConnection: Sendable {
    static let ioTimeout: Duration = Hang.bound

    private let descriptor: Int32
    private let tally = Mutex(Tally())

    /// What the connection read and wrote, and whether the client closed it first.
    struct Tally: Sendable {
        var requestHeads: [String] = []
        var bytesWritten = 0
        var clientClosed = false
        var closed = false
        /// When the last request's head arrived, and when a write first found the client gone:
        /// measured on the server's thread, so a busy test process cannot skew them.
        var requestReceivedAt: ContinuousClock.Instant?
        var clientClosedAt: ContinuousClock.Instant?
    }

    init(descriptor: Int32) {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: Int(Self.ioTimeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    var tallied: Tally { tally.withLock { $0 } }

    /// Reads one request's head and its `Content-Length` body, records the head, and returns it; `nil` when the client sent no complete head (at most 64 KiB).
    @discardableResult
    func readRequest() -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Array("\r\n\r\n".utf8)
        while received.count < 65_536 {
            if let end = received.firstRange(of: separator) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                tally.withLock { tally in
                    tally.requestHeads.append(head)
                    tally.requestReceivedAt = .now
                }
                readBody(of: head, alreadyRead: received.count - end.upperBound)
                return head
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received += buffer[..<count]
        }
        return nil
    }

    private func readBody(of head: String, alreadyRead: Int) {
        let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        guard let lengthLine, let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return }
        var remaining = min(length, 1_048_576) - alreadyRead
        var buffer = [UInt8](repeating: 0, count: 4096)
        while remaining > 0 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min($0.count, remaining), 0) }
            guard count > 0 else { return }
            remaining -= count
        }
    }

    /// Writes `text`'s UTF-8 bytes; `false` once the client has closed the connection (or the
    /// write timed out).
    @discardableResult
    func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Writes `bytes`; `false` once the client has closed the connection (or the write timed out).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            guard count > 0 else {
                tally.withLock { tally in
                    if !tally.clientClosed { tally.clientClosedAt = .now }
                    tally.clientClosed = true
                }
                return false
            }
            sent += count
            tally.withLock { $0.bytesWritten += count }
        }
        return true
    }

    /// Writes `bytes` one at a time, `interval` apart, until all are written or the client has
    /// closed the connection; whether all were written.
    @discardableResult
    func trickle(_ bytes: [UInt8], interval: Duration) -> Bool {
        for byte in bytes {
            guard write([byte]) else { return false }
            Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
        }
        return true
    }

    /// Closes the connection, once: a descriptor closed twice could be another socket's by then.
    func close() {
        guard
            tally.withLock({ tally in
                defer { tally.closed = true }
                return !tally.closed
            })
        else { return }
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let noSignal: Int32 = 0
    #endif
}
