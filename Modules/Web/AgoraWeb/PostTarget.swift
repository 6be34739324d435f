import AgoraArchitecture
import AgoraWebUI

/// What a post's path names: the page's route, and the action and row when the path says them.
struct PostTarget {
    let route: Route
    let action: String?
    /// The id of the row the action is about (``WebAction/item``).
    let item: String?

    /// The first reading of `path` whose page a plugin shows: the page itself (the button's
    /// `action` field names the action), the page and an action, the page, a row's id and an
    /// action.
    init?(path: String, fields: [String: String], handles: (Route) -> Bool) {
        guard let whole = WebPath.route(path) else { return nil }
        let segments = whole.segments
        if handles(whole) {
            (route, action, item) = (whole, fields["action"], nil)
            return
        }
        if segments.count >= 2 {
            let page = Route(path: segments.dropLast().joined(separator: "/"))
            if handles(page) {
                (route, action, item) = (page, segments[segments.count - 1], nil)
                return
            }
        }
        if segments.count >= 3 {
            let page = Route(path: segments.dropLast(2).joined(separator: "/"))
            if handles(page) {
                (route, action, item) = (page, segments[segments.count - 1], segments[segments.count - 2])
                return
            }
        }
        return nil
    }
}
