import NIOCore
import NIOHTTP1

/// Closes the connection once a response that says `Connection: close` has been sent, the way
/// RFC 9112 §9.6 asks: output first, then input once the client has read the answer.
///
/// Hummingbird closes after a response only when the *request* asked for it, so a refusal that
/// ends a connection on purpose (a 408 for a body that stopped arriving, a 400 for broken
/// framing) was followed by the next request on the same connection. Closing at once is no
/// better: a client still sending the body it was refused gets a TCP reset, which discards the
/// answer before it is read. So after such a response this half-closes (the client reads the
/// answer, then end of stream), discards whatever still arrives, and closes for good when the
/// client closes its side or after ``lingerTimeout``, holding back any earlier close until then.
///
/// It holds the state of one connection; NIO calls it on that channel's event loop only.
public final class ConnectionCloseResponseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    /// How long the client has to read the answer and close its side after a closing response.
    public let lingerTimeout: TimeAmount

    /// Whether the response being written said `Connection: close`.
    private var closesAfterResponse = false
    /// Whether the output is closed and the input is being drained.
    private var lingering = false
    /// A full close asked for while lingering, completed when it happens.
    private var heldClose: EventLoopPromise<Void>?
    private var lingerTimer: Scheduled<Void>?

    /// A handler for one channel, giving a client `lingerTimeout` to read a closing answer.
    public init(lingerTimeout: TimeAmount = .seconds(2)) {
        self.lingerTimeout = lingerTimeout
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !lingering else { return }
        context.fireChannelRead(data)
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // What arrives after the answer, garbage included, is discarded unread.
        guard !lingering else { return }
        context.fireErrorCaught(error)
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if lingering, case ChannelEvent.inputClosed = event {
            finishLingering(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        lingerTimer?.cancel()
        lingerTimer = nil
        lingering = false
        heldClose?.succeed()
        heldClose = nil
        context.fireChannelInactive()
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterResponse = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in bound.value.0.startLingering(bound.value.1) }
            context.writeAndFlush(data, promise: written)
        }
    }

    public func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard lingering else {
            context.close(mode: mode, promise: promise)
            return
        }
        guard mode == .all else {
            promise?.succeed()
            return
        }
        if let heldClose {
            promise.map { heldClose.futureResult.cascade(to: $0) }
        } else {
            heldClose = promise ?? context.eventLoop.makePromise()
        }
    }

    private func startLingering(_ context: ChannelHandlerContext) {
        guard context.channel.isActive, !lingering else { return }
        lingering = true
        context.close(mode: .output, promise: nil)
        lingerTimer = context.eventLoop.assumeIsolated().scheduleTask(in: lingerTimeout) { [self] in
            lingerTimer = nil
            finishLingering(context)
        }
    }

    private func finishLingering(_ context: ChannelHandlerContext) {
        lingerTimer?.cancel()
        lingerTimer = nil
        lingering = false
        let promise = heldClose
        heldClose = nil
        context.close(mode: .all, promise: promise)
    }
}
