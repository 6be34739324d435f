import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel, told to close a connection after a request that did not ask to
/// keep it open.
///
/// Hummingbird reads requests as version-free HTTP types and closes after a response only when
/// the request said `Connection: close`, so an HTTP/1.0 request without `keep-alive` (closed
/// after its response by default, RFC 9112 §9.3) was answered and then held open until the idle
/// timeout. ``KeepAliveHandler`` sits where the version is still known and says `close` for
/// every request NIO reads as not kept alive.
struct HTTP1ClosingChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(KeepAliveHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 as Hummingbird serves it, closing connections that were not asked to stay open
    /// (``HTTP1ClosingChannel``).
    static func http1Closing(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            HTTP1ClosingChannel(base: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}

/// Sets `Connection: close` on a request head that is not kept alive: HTTP/1.0 without
/// `Connection: keep-alive`, or any version whose `Connection` header holds `close` in whatever
/// letter case or list.
final class KeepAliveHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
