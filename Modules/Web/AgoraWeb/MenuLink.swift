import AgoraArchitecture
import AgoraWebUI

/// One link of the app's menus: a place a plugin shows that needs no id (the events, the activity
/// feed), named as its feature's web view calls it ("Events"), in the plugins' order, in the menu
/// that view puts it in. The login is not one: it is the account's part of the header.
struct MenuLink: Sendable {
    /// The place's path (`/events`).
    let path: String
    /// What the menu says.
    let label: String
    /// The bar, or the member's account menu.
    let place: WebMenuPlace

    @MainActor
    static func all(destinations: [Destination], views: [any FeatureWebViews]) -> [MenuLink] {
        destinations.compactMap { destination in
            let route = destination.pattern.example
            guard !destination.pattern.description.contains("{"), route != .login else { return nil }
            let summary = destination.summary.prefix(1).uppercased() + destination.summary.dropFirst()
            let label = views.lazy.compactMap { $0.menuLabel(for: route) }.first ?? summary
            let place = views.lazy.compactMap { $0.menuPlace(for: route) }.first ?? .bar
            return MenuLink(path: WebPath.of(route), label: label, place: place)
        }
    }

    /// Whether the page at `path` is this place or one of its pages (`/events/1` is under `/events`).
    func holds(_ path: String) -> Bool {
        path == self.path || path.hasPrefix(self.path + "/")
    }

    /// `links` as `place` draws them, the one that holds `path` most closely marked as the current
    /// place (`/events/going` is Your events', not Events').
    static func links(_ links: [MenuLink], in place: WebMenuPlace, at path: String) -> [WebMenuLink] {
        let current = links.filter { $0.holds(path) }.max { $0.path.count < $1.path.count }
        return links.filter { $0.place == place }.map { link in
            WebMenuLink(path: link.path, label: link.label, isCurrent: link.path == current?.path)
        }
    }
}
