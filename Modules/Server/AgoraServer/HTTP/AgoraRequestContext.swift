import Hummingbird
import NIOCore

/// The context agora-server's router handles requests in: Hummingbird's core context and the
/// address of the peer that sent the request, which login throttling counts failures by.
struct AgoraRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
