import Foundation

/// A comment the user wrote on this screen that the server has not confirmed: kept until it is
/// posted or the user discards it, so nothing typed is lost to a failure or a missing login.
public struct LocalComment: Identifiable, Hashable, Sendable, Codable {
    /// Numbers drafts in the order they were written on one screen.
    public typealias ID = Int

    /// Where the draft stands.
    public enum State: Hashable, Sendable, Codable {
        /// Being sent.
        case sending
        /// Sending failed with this message.
        case failed(String)
        /// Waits for a login, then is sent.
        case waitingForLogin
        /// The login it waited for did not happen.
        case notSent
        /// The server could not take it (the reason, when this screen saw it); it waits in the
        /// outbox and is sent when the server is back.
        case queued(String?)
    }

    public let id: ID
    /// The text as it will be posted (trimmed).
    public let body: String
    /// When the user wrote it.
    public let createdAt: Date
    public var state: State
    /// Sent with every attempt, so the server posts it once however often it is sent.
    public let clientID: String
    /// Whether it waits in the outbox (and so is sent with the queued comments, and survives a
    /// restart).
    public var isInOutbox: Bool

    public init(
        id: ID, body: String, createdAt: Date, state: State, clientID: String = UUID().uuidString.lowercased(), isInOutbox: Bool = false
    ) {
        self.id = id
        self.body = body
        self.createdAt = createdAt
        self.state = state
        self.clientID = clientID
        self.isInOutbox = isInOutbox
    }
}
