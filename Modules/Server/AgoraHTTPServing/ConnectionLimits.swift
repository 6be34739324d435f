/// How long the server waits for a peer, and how many peers it serves at once, so slow or
/// stalled clients cannot hold every connection (a slowloris attack).
///
/// - A connection that sends nothing for ``idleTimeout`` is closed, whether it is between
///   requests or halfway through a request's head: a head must arrive within the idle timeout.
/// - A request body must arrive in full within ``bodyTimeout`` of its head; a body that trickles
///   in longer is answered 408.
/// - At most ``maxConnections`` are open at once; further ones wait in the listen backlog until
///   one closes, so the process never runs out of file descriptors.
public struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may send nothing before it is closed.
    public var idleTimeout: Duration
    /// How long the whole body of one request may take to arrive.
    public var bodyTimeout: Duration
    /// How many connections are served at once.
    public var maxConnections: Int

    /// The limits agora-server uses unless told otherwise: 30 s idle, 30 s per body, 512 connections.
    public init(idleTimeout: Duration = .seconds(30), bodyTimeout: Duration = .seconds(30), maxConnections: Int = 512) {
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.maxConnections = maxConnections
    }
}
