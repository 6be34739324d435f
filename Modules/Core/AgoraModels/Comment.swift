import Foundation

/// A message a user wrote on an event.
public struct Comment: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    /// The longest comment the API accepts, in Unicode scalars (``TextRules/length(of:)``).
    public static let maximumLength = 2_000

    public let id: ID
    public let eventID: Event.ID
    public var author: Author
    public var body: String
    public var createdAt: Date

    public init(id: ID, eventID: Event.ID, author: Author, body: String, createdAt: Date) {
        self.id = id
        self.eventID = eventID
        self.author = author
        self.body = body
        self.createdAt = createdAt
    }
}
