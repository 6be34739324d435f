import Hummingbird

/// The address of the peer whose request is being handled.
///
/// The generated operation handlers see no request context, so ``ClientAddressMiddleware`` binds
/// the peer's IP address here for the handler, which runs in the same task.
enum ClientAddress {
    @TaskLocal static var current: String?
}

/// Binds ``ClientAddress/current`` to the peer's IP address (without its port: one client
/// opens many connections) for everything below it.
struct ClientAddressMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await ClientAddress.$current.withValue(context.remoteAddress?.ipAddress) {
            try await next(request, context)
        }
    }
}
