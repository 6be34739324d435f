import NIOCore
import NIOHTTP1

/// Tells ``OpenConnections`` when its connection opens, starts and finishes answering a
/// request, and closes.
///
/// It sits where requests are still NIO's HTTP/1 parts: a request's head makes the connection
/// busy, the end of a response makes it idle again. It holds no state of its own; NIO calls it
/// on its channel's event loop only.
public final class ConnectionActivityHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    private let connections: OpenConnections

    /// Reports to `connections`.
    public init(connections: OpenConnections) {
        self.connections = connections
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        connections.opened(context.channel)
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        connections.closed(context.channel)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        connections.closed(context.channel)
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { connections.becameBusy(context.channel) }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        // Idle once the response is out: closing it earlier could cut the response short.
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.cascade(to: promise)
        let (connections, channel) = (connections, context.channel)
        written.futureResult.whenSuccess { connections.becameIdle(channel) }
        context.write(data, promise: written)
    }
}
