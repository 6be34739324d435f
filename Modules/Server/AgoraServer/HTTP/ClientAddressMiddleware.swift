import AgoraHTTPServing
import Hummingbird

/// The address of the client whose request is being handled.
///
/// The generated operation handlers see no request context, so ``ClientAddressMiddleware`` binds
/// the client's IP address here for the handler, which runs in the same task.
enum ClientAddress {
    @TaskLocal static var current: String?
}

/// Binds ``ClientAddress/current`` to the client's IP address (without its port: one client
/// opens many connections) for everything below it: the peer's, or, when the peer is one of
/// ``trustedProxies``, the client its forwarding headers name (`TrustedProxies`).
struct ClientAddressMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let trustedProxies: TrustedProxies

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        let peer = context.remoteAddress.flatMap { IPAddress($0) }
        let client = trustedProxies.client(peer: peer, headers: request.headers)
        return try await ClientAddress.$current.withValue(client?.description) {
            try await next(request, context)
        }
    }
}
