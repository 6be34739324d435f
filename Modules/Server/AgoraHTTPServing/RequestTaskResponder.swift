import Hummingbird

/// Finds each response in a child task of the connection's, which the connection's task then
/// writes.
///
/// A Swift task keeps the memory its calls once needed (the slabs that held their async frames)
/// until the task ends, and a connection's task lives as long as the connection. Finding a
/// response through the middleware, the router and the handler takes tens of KiB of frames,
/// which the connection would then hold while it waits for its next request. In a child task
/// those frames are given back as soon as the response is found; writing it needs only a few.
/// (A stream, which would hold even those for hours, has no connection task at all:
/// ``EventStreamWriter``.)
public struct RequestTaskResponder<Base: HTTPResponder>: HTTPResponder where Base.Context: Sendable {
    public typealias Context = Base.Context

    /// The responder that finds the response: the router's.
    public let base: Base

    /// Finds responses with `base`, each in a task of its own.
    public init(_ base: Base) {
        self.base = base
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        async let response = base.respond(to: request, context: context)
        return try await response
    }
}
