import AgoraChildProcess
import Foundation
import Synchronization

/// An HTTP proxy on 127.0.0.1 between `agora --live` and a real agora-server, which a test tells
/// to break one request in a chosen way (``Fault``); every other request passes through.
///
/// Each connection carries one exchange (`Connection: close` both ways), so the proxy reads a
/// whole request, forwards it (or not), reads the whole answer and then decides what the client
/// gets. Bounded: sockets time out after ``ioTimeout``, a held request or answer waits only as
/// long as its fault says, and ``stop()`` closes the listener.
final class FaultProxy: Sendable {
    /// One request the proxy handled.
    struct Exchange: Sendable, CustomStringConvertible {
        let method: String
        let target: String
        /// The server's status, or `nil` when the server did not see the request or did not answer.
        let serverStatus: Int?
        let fault: Fault?

        var description: String {
            "\(method) \(target) -> \(serverStatus.map(String.init) ?? "not answered by the server")\(fault.map { " then \($0)" } ?? "")"
        }
    }

    /// Where the REPL should connect instead of the server.
    var baseURL: String { "http://127.0.0.1:\(port)" }
    let port: Int

    private let upstreamPort: Int
    private let listener: ProxySocket
    private let state = Mutex(State())
    private static let ioTimeout: Duration = Hang.bound

    private struct State {
        /// Faults waiting for their request, oldest first; each applies once.
        var pending: [(match: RequestMatch, fault: Fault)] = []
        /// Faults taken by their request, in order (before the request is held or forwarded).
        var applied: [Fault] = []
        /// Requests handled, in the order their exchange with the server ended.
        var exchanges: [Exchange] = []
        /// Connections being served.
        var inFlight = 0
    }

    /// Starts listening on an ephemeral loopback port, forwarding to the server on `upstreamPort`.
    init(upstreamPort: Int) throws {
        listener = try ProxySocket.listening()
        port = listener.localPort
        self.upstreamPort = upstreamPort
        let listener = self.listener
        Thread.detachNewThread { [weak self] in
            while let client = listener.accept(receiveTimeout: Self.ioTimeout) {
                guard let self else {
                    client.close()
                    return
                }
                state.withLock { $0.inFlight += 1 }
                Thread.detachNewThread {
                    self.serve(client)
                    self.state.withLock { $0.inFlight -= 1 }
                }
            }
        }
    }

    deinit { stop() }

    /// The next request that matches `match` gets `fault`; later ones pass through again.
    func inject(_ fault: Fault, on match: RequestMatch) {
        state.withLock { $0.pending.append((match, fault)) }
    }

    /// The faults applied so far, in order.
    var appliedFaults: [Fault] { state.withLock { $0.applied } }

    /// Every request handled so far.
    var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// What the proxy saw, for a failure message.
    var log: String { exchanges.map(\.description).joined(separator: "; ") }

    /// Waits until no connection is being served (a held request reached the server, a held
    /// answer was sent); `false` when that takes longer than `timeout`.
    func waitUntilIdle(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.inFlight > 0 }) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return true
    }

    /// Stops accepting connections; exchanges under way finish on their own (bounded by their
    /// timeouts).
    func stop() {
        listener.close()
    }

    // MARK: One exchange

    private func serve(_ client: ProxySocket) {
        defer { client.close() }
        var reader = HTTPMessageReader(socket: client)
        guard
            let request = try? reader.read(
                isResponse: false,
                onExpectContinue: {
                    client.send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                })
        else { return }
        let (method, target) = request.requestLine
        // A stream of changes never ends, and this proxy passes whole exchanges: it says the
        // event has none, so the REPL follows nothing through it (the faults are a request's).
        if method == "GET", target.hasSuffix("/changes") {
            let none = HTTPMessage.response(status: 404, reason: "Not Found", json: #"{"code":"not_found","message":"The fault proxy carries no streams."}"#)
            client.send(none.head + none.body)
            return
        }
        let fault = state.withLock { state -> Fault? in
            guard let index = state.pending.firstIndex(where: { $0.match.matches(method: method, target: target) }) else { return nil }
            let taken = state.pending.remove(at: index).fault
            state.applied.append(taken)
            return taken
        }

        if case .delayRequest(let duration) = fault { Thread.sleep(forTimeInterval: duration.seconds) }
        let answer = fault?.reachesServer ?? true ? forward(request) : nil
        state.withLock { $0.exchanges.append(Exchange(method: method, target: target, serverStatus: answer?.status, fault: fault)) }

        switch fault {
        case nil, .delayRequest:
            if let answer { client.send(answer.head + answer.body) }
        case .dropBeforeAnswer:
            return
        case .dropAfterHeaders:
            if let answer { client.send(answer.head) }
        case .dropMidBody:
            if let answer { client.send(answer.head + answer.body.prefix(answer.body.count / 2)) }
        case .delayAnswer(let duration):
            Thread.sleep(forTimeInterval: duration.seconds)
            if let answer { client.send(answer.head + answer.body) }
        case .status(let status, let code):
            let reason = status == 401 ? "Unauthorized" : status >= 500 ? "Server Error" : "Error"
            let error = HTTPMessage.response(
                status: status, reason: reason, json: #"{"code":"\#(code)","message":"Injected by the fault proxy."}"#
            )
            client.send(error.head + error.body)
        case .undecodableBody:
            let garbage = HTTPMessage.response(status: 200, reason: "OK", json: #"{"id": 1, "body": "cut her"#)
            client.send(garbage.head + garbage.body)
        }
    }

    /// Sends `request` to the server and reads its whole answer; `nil` when the server cannot
    /// be reached or does not answer in full.
    private func forward(_ request: HTTPMessage) -> HTTPMessage? {
        guard let upstream = try? ProxySocket.connected(toPort: upstreamPort, receiveTimeout: Self.ioTimeout) else { return nil }
        defer { upstream.close() }
        guard upstream.send(request.head + request.body) else { return nil }
        var reader = HTTPMessageReader(socket: upstream)
        return try? reader.read(isResponse: true)
    }
}

extension Duration {
    /// The duration in seconds, for `Thread.sleep`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
