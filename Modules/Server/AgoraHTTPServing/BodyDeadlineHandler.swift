import NIOCore
import NIOHTTP1

/// Raises ``RequestBodyTimedOut`` in the channel when a request body has not finished arriving
/// in time, so whoever is reading it can answer 408 while the connection is still open.
///
/// Two deadlines, whichever comes first: the whole body within `bodyTimeout` of the request's
/// head, and no pause between two parts of it longer than nine tenths of `idleTimeout`. The
/// second is shorter than the idle timeout on purpose: the idle timeout closes a connection that
/// sends nothing, and a body that stopped arriving was closed that way, without any answer.
///
/// It holds the state of one connection; NIO calls it on that channel's event loop only.
public final class BodyDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart

    private let bodyTimeout: Duration
    private let stallTimeout: Duration
    private var headArrived: NIODeadline?
    private var timer: Scheduled<Void>?

    /// - Parameters:
    ///   - bodyTimeout: how long a whole body may take after its head.
    ///   - idleTimeout: the connection's idle timeout, which a pause must stay well within.
    public init(bodyTimeout: Duration, idleTimeout: Duration) {
        self.bodyTimeout = bodyTimeout
        stallTimeout = idleTimeout * 9 / 10
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // A request without a body ends with its head: nothing to time.
            let declared = head.headers["Content-Length"].first.flatMap { Int($0) } ?? 0
            headArrived = declared > 0 || head.headers.contains(name: "Transfer-Encoding") ? .now() : nil
            schedule(context)
        case .body:
            schedule(context)
        case .end:
            headArrived = nil
            cancel()
        }
        context.fireChannelRead(data)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    private func schedule(_ context: ChannelHandlerContext) {
        cancel()
        guard let headArrived else { return }
        let whole = headArrived + TimeAmount(bodyTimeout)
        let pause = NIODeadline.now() + TimeAmount(stallTimeout)
        let timeout = whole < pause ? RequestBodyTimedOut(waited: bodyTimeout, stalled: false) : RequestBodyTimedOut(waited: stallTimeout, stalled: true)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: min(whole, pause)) { [self] in
            timer = nil
            self.headArrived = nil
            context.fireErrorCaught(timeout)
        }
    }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }
}
