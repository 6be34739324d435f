import AgoraArchitecture
import AgoraModels

/// One row of the events list, ready to show.
public struct EventRow: Identifiable, Hashable, Sendable, RoutedRow {
    public let id: Event.ID
    public let title: String
    /// Start date and time in the user's locale and time zone.
    public let startsAt: DisplayDate
    public let venue: String
    public let attendeeCount: Int
    /// Whether the logged-in member is going (always `false` with no one logged in).
    public let isGoing: Bool
    /// Choosing the row opens the event.
    public var route: Route { .event(id: id) }

    public init(event: Event, environment: AgoraEnvironment) {
        id = event.id
        title = event.title
        startsAt = environment.displayDate(event.startsAt)
        venue = event.venue
        attendeeCount = event.attendeeCount
        isGoing = event.isGoing
    }
}
