import AgoraArchitecture
import AgoraModels

/// One row of the template items list, ready to show.
public struct TemplateItemRow: Identifiable, Hashable, Sendable, RoutedRow {
    public let id: TemplateItem.ID
    /// The question asked.
    public let title: String
    /// How many members answered.
    public let responseCount: Int
    /// When answers stop being taken, in the user's locale and time zone.
    public let closesAt: DisplayDate
    /// The event the row opens.
    public let eventID: Event.ID
    /// Choosing the row opens its event.
    public var route: Route { .event(id: eventID) }

    public init(item: TemplateItem, environment: AgoraEnvironment) {
        id = item.id
        title = item.title
        responseCount = item.responseCount
        closesAt = environment.displayDate(item.closesAt)
        eventID = item.eventID
    }
}
