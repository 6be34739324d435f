import NIOCore
import NIOHTTP1

/// Gives an HTTP/1.1 (or later) request head without a `Host` header an empty one.
///
/// Hummingbird hands middleware a version-free request whose authority is `nil` both for an
/// HTTP/1.0 request without `Host` (allowed: HTTP/1.0 has no such rule) and for an HTTP/1.1
/// one (RFC 9112 §3.2: the server must answer 400). Here, where the version is still known,
/// the second gets an empty `Host`, which names no server either, so
/// ``HostAllowListMiddleware`` answers both empty and missing with the same 400.
///
/// It holds no state; NIO calls it on its channel's event loop only.
public final class HostRequiredHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart

    /// A handler for one channel.
    public init() {}

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), (head.version.major, head.version.minor) >= (1, 1), !head.headers.contains(name: "Host") else {
            context.fireChannelRead(data)
            return
        }
        head.headers.add(name: "Host", value: "")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
