import Foundation

/// A comment the user wrote on this screen that the server has not confirmed: kept until it is
/// posted or the user discards it, so nothing typed is lost to a failure or a missing login.
public struct LocalComment: Identifiable, Hashable, Sendable {
    /// Numbers drafts in the order they were written on one screen.
    public typealias ID = Int

    /// Where the draft stands.
    public enum State: Hashable, Sendable {
        /// Being sent.
        case sending
        /// Sending failed with this message.
        case failed(String)
        /// Waits for a login, then is sent.
        case waitingForLogin
        /// The login it waited for did not happen.
        case notSent
    }

    public let id: ID
    /// The text as it will be posted (trimmed).
    public let body: String
    /// When the user wrote it.
    public let createdAt: Date
    public var state: State

    public init(id: ID, body: String, createdAt: Date, state: State) {
        self.id = id
        self.body = body
        self.createdAt = createdAt
        self.state = state
    }
}
