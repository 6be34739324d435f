import HummingbirdCore
import Logging

/// At most `maxConnections` open at once, like Hummingbird's `MaximumAvailableConnections`,
/// except that a server at the limit closes its longest-idle connection (``OpenConnections``)
/// to make room, rather than leave newcomers in the listen backlog.
///
/// 520 connections that sent nothing filled 512 slots, and a request on a new connection waited
/// 28 s for the idle timeout to free one. Now each connection accepted at the limit closes the
/// connection idle the longest, and so does each response sent at the limit (``OpenConnections``),
/// so a newcomer waits only for that close; only while every slot is busy with a request do
/// newcomers wait.
public struct IdleFirstConnectionLimit: AvailableConnectionsDelegate {
    /// The most connections open at once.
    public let maxConnections: Int
    /// The connections the server's channels report to.
    public let connections: OpenConnections
    private let logger: Logger
    private var count = 0

    /// - Parameter connections: what the server's channels report to (``HTTP1ClosingChannel``);
    ///   its ``OpenConnections/limit`` is the most connections open at once.
    public init(connections: OpenConnections, logger: Logger) {
        maxConnections = connections.limit
        self.connections = connections
        self.logger = logger
    }

    public mutating func connectionOpened() {
        count += 1
        guard count >= maxConnections else { return }
        if connections.closeLongestIdle() {
            logger.debug("Every connection slot is taken: closed the connection idle the longest", metadata: ["connections": "\(count)"])
        }
    }

    public mutating func connectionClosed() {
        count -= 1
    }

    public func isAcceptingNewConnections() -> Bool {
        count < maxConnections
    }
}
