/// Every place in Agora a user can be sent to (Kickstarter's `Navigation`).
///
/// Features never import each other: one asks for another's screen by route, and the
/// ``ApplicationCoordinator`` hands the route to the plugin that owns it. A route has one URL,
/// `agora://…` (and the same path on `https://agora.example/…`), see ``init(url:)``.
public enum Route: Hashable, Sendable {
    /// The list of upcoming events.
    case events
    /// One event.
    case event(id: Int)
    /// An event's comments.
    case eventComments(eventID: Int)
    /// The logged-in user's activity feed.
    case activities
    /// The login form.
    case login
}
