import AgoraArchitecture

/// Where a route is on the web: `agora://events/1/comments` is `/events/1/comments`, as the
/// REPL's links are. Both directions are the kit's (`Route.webPath` and
/// `Route(webPath:)`), so a page's address and a typed link follow one set of rules.
public enum WebPath {
    /// The path of `route`.
    ///
    /// - Parameter route: a route a plugin shows.
    public static func of(_ route: Route) -> String {
        route.webPath
    }

    /// The route a request's path names, or `nil` for a path that is not a route's: an empty
    /// segment, an escape, a capital letter.
    ///
    /// - Parameter path: the request's path, `/` first.
    public static func route(_ path: String) -> Route? {
        Route(webPath: path)
    }
}
