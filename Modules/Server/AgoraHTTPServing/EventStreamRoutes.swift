import HTTPTypes
import Hummingbird
import NIOCore

/// The requests a server answers with a stream written from the event loop
/// (``EventStreamWriter``), and how their responses are found.
///
/// Such a request still goes through everything any other does (the middleware, the router, the
/// route's handler); only its response's body is written differently, so that a stream open
/// for hours holds no task.
public struct EventStreamRoutes: Sendable {
    /// Whether `request` may be answered with a stream. A request it misses is answered as any
    /// other, by Hummingbird: correct, only heavier while it streams.
    public var matches: @Sendable (HTTPRequest) -> Bool
    /// Finds `request`'s response as the application finds any other's, on the connection
    /// `channel`; ``EventStreamWriter/current`` is set meanwhile.
    public var respond: @Sendable (Request, any Channel) async -> Response
    /// How many writes a stream holds for a client that reads slowly; past them, it ends.
    public var maximumPendingWrites: Int

    /// The requests `matches` picks, answered by `respond`.
    public init(
        maximumPendingWrites: Int, matches: @escaping @Sendable (HTTPRequest) -> Bool,
        respond: @escaping @Sendable (Request, any Channel) async -> Response
    ) {
        self.matches = matches
        self.respond = respond
        self.maximumPendingWrites = maximumPendingWrites
    }

    /// No request: every response is written by Hummingbird.
    public static let none = EventStreamRoutes(maximumPendingWrites: 1, matches: { _ in false }, respond: { _, _ in Response(status: .notFound) })
}
