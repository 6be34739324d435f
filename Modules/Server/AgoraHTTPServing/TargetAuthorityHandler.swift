import NIOCore
import NIOHTTP1

/// Makes the `Host` of a request whose target is in absolute form (`GET http://evil.example/x`)
/// the target's own authority, as RFC 9112 §3.2.2 asks of an origin server: the target says which
/// host is asked for, and any `Host` sent with it is ignored.
///
/// Hummingbird's request keeps only the target's path, and `Host` as sent, so without this a
/// request could name a foreign host in its target while ``HostAllowListMiddleware`` read
/// `Host: 127.0.0.1`. Any other target (a path, `*`) leaves `Host` as it is.
///
/// It holds no state; NIO calls it on its channel's event loop only.
public final class TargetAuthorityHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart

    /// A handler for one channel.
    public init() {}

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), let authority = Self.authority(ofAbsoluteTarget: head.uri) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Host", value: authority)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// The authority of an absolute-form target (`scheme://authority…`), without credentials
    /// (`http://user@evil.example:80/x` gives `evil.example:80`); `nil` for any other target.
    public static func authority(ofAbsoluteTarget target: String) -> String? {
        guard !target.hasPrefix("/"), let separator = target.range(of: "://") else { return nil }
        let authority = target[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "")
    }
}
