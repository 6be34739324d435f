import AgoraModels
import Foundation

/// A request for one page of an event's comments.
public struct CommentsRequest: Hashable, Sendable {
    public var eventID: Event.ID
    /// Where to continue; `nil` asks for the newest comments.
    public var cursor: String?
    /// How many comments at most.
    public var limit: Int

    /// The page size the apps use.
    public static let defaultLimit = 20

    public init(eventID: Event.ID, cursor: String? = nil, limit: Int = CommentsRequest.defaultLimit) {
        self.eventID = eventID
        self.cursor = cursor
        self.limit = limit
    }
}

/// A comment to post.
public struct CommentDraft: Hashable, Sendable, Codable {
    public var eventID: Event.ID
    public var body: String
    /// Chosen by the client once per comment and sent with every attempt: the server answers a
    /// repeated `clientID` with the comment it already created, so a retry after a lost answer
    /// never posts twice.
    public var clientID: String

    public init(eventID: Event.ID, body: String, clientID: String = UUID().uuidString.lowercased()) {
        self.eventID = eventID
        self.body = body
        self.clientID = clientID
    }
}
