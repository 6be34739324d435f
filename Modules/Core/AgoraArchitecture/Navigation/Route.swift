/// A place in Agora a user can be sent to: a path such as `events/42/comments`, whose link is
/// `agora://events/42/comments` (see ``init(url:)``).
///
/// Routes are open: the kit lists none of them. Each feature's plugin declares the
/// ``Destination``s it shows, by ``RoutePattern``, and the ``ApplicationCoordinator`` hands a
/// route to the plugin with a destination that matches it. Features never import each other: one
/// asks for another's screen by route, as a web page links to another by URL.
public struct Route: Hashable, Sendable {
    /// The path's segments, as written: `["events", "42", "comments"]`.
    public let segments: [String]

    /// The route with `path`, e.g. `Route(path: "events/\(id)")`; slashes at either end are ignored.
    public init(path: String) {
        segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The route's path, e.g. `events/42/comments`: how a view names where the user is.
    public var path: String { segments.joined(separator: "/") }
}
