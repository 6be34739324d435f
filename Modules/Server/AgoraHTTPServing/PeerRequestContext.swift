import Hummingbird
import NIOCore

/// A request context that knows the peer's address: Hummingbird's core context and the address
/// of the connection's other end, which agora-server counts failed logins by and agora-web counts
/// sessions by (through ``TrustedProxies`` when a proxy stands in front).
public struct PeerRequestContext: RequestContext, RemoteAddressRequestContext, Sendable {
    public var coreContext: CoreRequestContextStorage
    /// The connection's other end: the client, or the proxy in front of it.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's address: the peer's, or the one a trusted proxy in front forwards in
    /// `request`'s headers; `nil` when the peer has none (a Unix socket).
    public func clientAddress(of request: Request, trusting proxies: TrustedProxies) -> IPAddress? {
        proxies.client(peer: remoteAddress.flatMap { IPAddress($0) }, headers: request.headers)
    }
}
