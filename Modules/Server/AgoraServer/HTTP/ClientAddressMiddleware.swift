import AgoraHTTPServing
import Hummingbird

/// The address of the client whose request is being handled.
///
/// The generated operation handlers see no request context, so ``ClientAddressMiddleware`` binds
/// the client's IP address here for the handler, which runs in the same task.
enum ClientAddress {
    @TaskLocal static var current: String?
    /// Whether the client is itself a trusted proxy: a request it makes on its own behalf,
    /// naming nobody it forwards for (agora-web's streams shared by all its visitors).
    @TaskLocal static var isTrustedProxy = false
}

/// Binds ``ClientAddress/current`` to the client's IP address (without its port: one client
/// opens many connections) for everything below it: the peer's, or, when the peer is one of
/// ``trustedProxies``, the client its forwarding headers name (`TrustedProxies`); and
/// ``ClientAddress/isTrustedProxy`` to whether that client is one of them.
struct ClientAddressMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let trustedProxies: TrustedProxies

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let peer = context.remoteAddress.flatMap { IPAddress($0) }
        let client = trustedProxies.client(peer: peer, headers: request.headers)
        let isTrustedProxy = client.map(trustedProxies.contains) ?? false
        return try await ClientAddress.$current.withValue(client?.description) {
            try await ClientAddress.$isTrustedProxy.withValue(isTrustedProxy) {
                try await next(request, context)
            }
        }
    }
}
