import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// The body of one response that may stay open for hours, written from its connection's event
/// loop: a server-sent event stream.
///
/// A response Hummingbird writes holds its connection's task, and the memory that task's calls
/// took, for as long as it is written. A stream is quiet nearly all of its life, so that task
/// would be nearly all it costs. A request that ``EventStreamRoutes`` picks is answered by
/// ``EventStreamHandler`` instead: the route's handler finds this writer in ``current``, takes
/// it (``claim()``), and from then on writes the body here, from any task; between writes the
/// stream is no more than its connection and this object.
///
/// Text written before the response's head is sent waits for it, as does text written while
/// the connection holds as much as it should for a client that reads slowly (NIO's writability).
/// Past `maximumPendingWrites` waiting, the stream ends: nothing more is taken, the client gets
/// what waits, then the response's end, and resumes from the last event it read.
public final class EventStreamWriter: Sendable {
    /// The writer of the stream the current request may answer with: set while a route that
    /// ``EventStreamRoutes`` picked finds its response, `nil` for every other request.
    @TaskLocal public static var current: EventStreamWriter?

    /// What the response's handler decided and is told when the stream ends; read by any task.
    private struct Claim {
        var isClaimed = false
        var hasEnded = false
        var onEnd: (@Sendable () -> Void)?
    }

    /// What the connection writes; touched on its event loop only.
    private struct Connection {
        /// The context to write from, once the response's head is out.
        var context: ChannelHandlerContext?
        /// Text not yet handed to the connection: before the head is out, or while the
        /// connection is not writable.
        var waiting: [String] = []
        /// Whether nothing more is taken: the stream ends once what waits is written.
        var isFinishing = false
        /// Whether the response's end was written, or the connection closed.
        var hasEnded = false
        /// What writes the keep-alive text, from ``keepAlive(every:writing:)`` until the end.
        var keepingAlive: RepeatedTask?
    }

    private let eventLoop: any EventLoop
    private let maximumPendingWrites: Int
    private let claimState = NIOLockedValueBox(Claim())
    private let connection: NIOLoopBoundBox<Connection>

    /// A writer for a connection of `eventLoop`, made on that loop.
    init(eventLoop: any EventLoop, maximumPendingWrites: Int) {
        self.eventLoop = eventLoop
        self.maximumPendingWrites = max(1, maximumPendingWrites)
        connection = NIOLoopBoundBox(Connection(), eventLoop: eventLoop)
    }

    /// Takes the response's body: the response is this stream, and whatever the handler
    /// returns as its body is not written.
    public func claim() {
        claimState.withLockedValue { $0.isClaimed = true }
    }

    /// Whether the handler took the response's body.
    var isClaimed: Bool {
        claimState.withLockedValue { $0.isClaimed }
    }

    /// Runs `action` once, when the stream takes no more: its client went or read too slowly
    /// (what waits for it is still written), or ``finish()`` ended it. At once when it already
    /// has.
    public func onEnd(_ action: @escaping @Sendable () -> Void) {
        let runNow = claimState.withLockedValue { claim -> Bool in
            guard !claim.hasEnded else { return true }
            claim.onEnd = action
            return false
        }
        if runNow { action() }
    }

    /// Writes `text` to the stream, after everything written before it.
    public func write(_ text: String) {
        eventLoop.execute { [self] in writeOnLoop(text) }
    }

    /// Writes `text` every `interval` until the stream ends, so its client, any proxy between,
    /// and the server (whose write fails once the client went) see whether it is still there.
    ///
    /// The first comes after a random part of `interval`: streams opened together then do not
    /// fall due together, and each write is one short turn of the event loop, never a burst
    /// that other requests on the loop wait behind.
    public func keepAlive(every interval: Duration, writing text: String) {
        let period = TimeAmount(interval)
        let first = TimeAmount.nanoseconds(.random(in: 1...max(1, period.nanoseconds)))
        eventLoop.execute { [self] in
            guard !connection.value.hasEnded, !connection.value.isFinishing else { return }
            connection.value.keepingAlive?.cancel()
            // The task holds this writer until it is cancelled, which every end does.
            connection.value.keepingAlive = eventLoop.scheduleRepeatedTask(initialDelay: first, delay: period) { [self] _ in
                writeOnLoop(text)
            }
        }
    }

    /// Ends the response after everything written before, and closes its connection.
    public func finish() {
        eventLoop.execute { [self] in
            connection.value.isFinishing = true
            stopKeepingAlive()
            tellEnded()
            writeWaiting()
        }
    }

    // MARK: - On the event loop, for EventStreamHandler

    /// The response's head is out: what waited is written, and every later write goes out
    /// through `context`.
    func start(context: ChannelHandlerContext) {
        connection.value.context = context
        writeWaiting()
    }

    /// The connection can take more, or no longer can.
    func writabilityChanged() {
        writeWaiting()
    }

    /// The connection closed: the stream is over, and whoever wrote it is told.
    func connectionClosed() {
        connection.value.hasEnded = true
        connection.value.context = nil
        connection.value.waiting = []
        stopKeepingAlive()
        tellEnded()
    }

    private func stopKeepingAlive() {
        connection.value.keepingAlive?.cancel()
        connection.value.keepingAlive = nil
    }

    /// Runs what ``onEnd(_:)`` was given, once: the stream takes nothing more.
    private func tellEnded() {
        let action = claimState.withLockedValue { claim -> (@Sendable () -> Void)? in
            claim.hasEnded = true
            defer { claim.onEnd = nil }
            return claim.onEnd
        }
        action?()
    }

    private func writeOnLoop(_ text: String) {
        guard !connection.value.hasEnded, !connection.value.isFinishing else { return }
        guard connection.value.waiting.count < maximumPendingWrites else {
            // The client reads too slowly: it gets what waits, then the end, and resumes from
            // the last event it read. Whoever writes the stream lets go of it now.
            connection.value.isFinishing = true
            stopKeepingAlive()
            tellEnded()
            return
        }
        connection.value.waiting.append(text)
        writeWaiting()
    }

    /// Hands what waits to the connection while it is writable, then the end when the stream
    /// is finishing; the connection closes once that end is out.
    private func writeWaiting() {
        guard !connection.value.hasEnded, let context = connection.value.context else { return }
        var written = 0
        for text in connection.value.waiting {
            guard context.channel.isWritable else { break }
            context.write(NIOAny(HTTPResponsePart.body(ByteBuffer(string: text))), promise: nil)
            written += 1
        }
        // All of it, nearly always: then the array lets go of its storage too.
        if written == connection.value.waiting.count {
            connection.value.waiting = []
        } else {
            connection.value.waiting.removeFirst(written)
        }
        if connection.value.waiting.isEmpty, connection.value.isFinishing, context.channel.isWritable {
            connection.value.hasEnded = true
            // Closing at once would drop what is still to be written.
            context.writeAndFlush(NIOAny(HTTPResponsePart.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else if written > 0 {
            context.flush()
        }
    }
}
