import AgoraModels
import Foundation

/// One template item: a question put to the members about an event, how many answered, and when
/// it closes. Placeholder data shaped like a poll: give it the fields the feature needs, and the
/// mock (`MockData.templateItems`) and the row follow.
public struct TemplateItem: Identifiable, Hashable, Sendable, Codable {
    /// The number of one of the template items, unique among them.
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
