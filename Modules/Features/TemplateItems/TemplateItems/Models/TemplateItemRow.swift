import AgoraArchitecture
import AgoraModels

/// One row of the template items list, ready to show.
public struct TemplateItemRow: Identifiable, Hashable, Sendable, RoutedRow {
    public let id: TemplateItem.ID
    public let title: String
    public let summary: String
    /// The event the row opens.
    public let eventID: Event.ID
    /// Choosing the row opens its event.
    public var route: Route { .event(id: eventID) }

    public init(_ item: TemplateItem) {
        id = item.id
        title = item.title
        summary = item.summary
        eventID = item.eventID
    }
}
