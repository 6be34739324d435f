import Foundation

/// One template item: a question put to the members about an event, how many answered, and when
/// it closes. Placeholder data shaped like a poll, for the template feature to list; a feature
/// made from the template gives it the fields it needs.
public struct TemplateItem: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    public let id: ID
    /// The question asked.
    public var title: String
    /// The event it is about: its row opens that event.
    public var eventID: Event.ID
    /// How many members answered.
    public var responseCount: Int
    /// When answers stop being taken.
    public var closesAt: Date

    public init(id: ID, title: String, eventID: Event.ID, responseCount: Int, closesAt: Date) {
        self.id = id
        self.title = title
        self.eventID = eventID
        self.responseCount = responseCount
        self.closesAt = closesAt
    }
}
