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

    /// The visitor's IP address, without the port (one browser opens many connections).
    var visitorAddress: String {
        remoteAddress?.ipAddress ?? "unknown"
    }
}
