import AgoraModels

/// The links several features open: the contract between features, as a web app's URLs are.
///
/// The plugin that owns each declares its pattern (Auth: `login`; Events: `events` and
/// `events/{id}`; Comments: `events/{id}/comments`); a route only one feature opens is declared
/// in that feature. The app's tests check that a plugin shows each of these.
extension Route {
    /// The login form, which every action that needs a session opens.
    public static let login = Route(path: "login")

    /// The upcoming events: where the app starts, and where an empty feed points.
    public static let events = Route(path: "events")

    /// One event: its details, RSVP and the way to its comments.
    public static func event(id: Event.ID) -> Route {
        Route(path: "events/\(id)")
    }

    /// An event's comments.
    public static func eventComments(eventID: Event.ID) -> Route {
        Route(path: "events/\(eventID)/comments")
    }
}
