import AgoraHTTPServing
import Hummingbird
import NIOCore

/// The context agora-web handles requests in: Hummingbird's core context and the peer's address,
/// which bounds how many sessions one visitor holds and is passed on to agora-server.
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The visitor's IP address, without the port (one browser opens many connections): the
    /// peer's, or the one a trusted proxy in front forwards.
    func visitorAddress(of request: Request, trusting proxies: TrustedProxies) -> String {
        let peer = remoteAddress.flatMap { IPAddress($0) }
        return proxies.client(peer: peer, headers: request.headers)?.description ?? "unknown"
    }
}
