import AgoraArchitecture
import AgoraModels

/// One row of the activity feed, ready to show: when, what, and where tapping it leads.
public struct ActivityRow: Identifiable, Hashable, Sendable, RoutedRow {
    public let id: Activity.ID
    /// When it happened, in the user's locale and time zone; for an event starting soon, when
    /// it starts, which is what the reminder is about.
    public let when: DisplayDate
    /// What happened, in one sentence ("Bob Okafor is going to Testing ViewModels").
    public let text: String
    /// Where tapping the row leads: a comment to the event's comments, anything else to the event.
    public let route: Route
    /// What kind of thing happened, for a view that shows it apart from ``text``.
    public let kind: Activity.Kind
    /// Who did it; `nil` when nobody did (an event starting soon).
    public let actorName: String?
    /// The event it happened at.
    public let eventID: Event.ID

    /// The row for `activity`, its time in `environment`'s locale and time zone.
    public init(activity: Activity, environment: AgoraEnvironment) {
        id = activity.id
        when = environment.displayDate(activity.kind == .startingSoon ? activity.startsAt ?? activity.occurredAt : activity.occurredAt)
        text = Self.text(for: activity)
        route = Self.route(for: activity)
        kind = activity.kind
        actorName = activity.actor?.name
        eventID = activity.eventID
    }

    static func text(for activity: Activity) -> String {
        // The API leaves `actor` out only for "starting soon"; a missing one must still read well.
        let actor = activity.actor?.name ?? "Someone"
        switch activity.kind {
        case .commented:
            let excerpt = activity.excerpt.map { ": “\($0)”" } ?? ""
            return "\(actor) commented on \(activity.eventTitle)\(excerpt)"
        case .rsvped:
            return "\(actor) is going to \(activity.eventTitle)"
        case .startingSoon:
            return "Starting soon: \(activity.eventTitle)"
        }
    }

    static func route(for activity: Activity) -> Route {
        switch activity.kind {
        case .commented: .eventComments(eventID: activity.eventID)
        case .rsvped, .startingSoon: .event(id: activity.eventID)
        }
    }
}
