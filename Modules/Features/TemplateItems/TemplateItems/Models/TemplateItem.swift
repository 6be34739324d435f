import AgoraModels

/// One template item, as the TemplateItems feature lists it. It is the feature's own, not
/// AgoraModels': no other feature sees it.
///
/// Give it the fields the feature needs; the mock (`MockTemplateItemsService`) and the row
/// (`TemplateItemRow`) follow.
public struct TemplateItem: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    public let id: ID
    public var title: String
    /// What it is about, in a few words.
    public var summary: String
    /// The event it is about: its row opens that event.
    public var eventID: Event.ID

    public init(id: ID, title: String, summary: String, eventID: Event.ID) {
        self.id = id
        self.title = title
        self.summary = summary
        self.eventID = eventID
    }
}
