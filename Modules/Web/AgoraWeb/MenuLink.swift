import AgoraArchitecture
import AgoraWebUI

/// One link of the app's menu: a place a plugin shows that needs no id (the events, the activity
/// feed), named as its feature's web view calls it ("Events"), in the plugins' order. The login
/// is not one: it is the account's part of the header.
struct MenuLink: Sendable {
    /// The place's path (`/events`).
    let path: String
    /// What the menu says.
    let label: String

    @MainActor
    static func all(destinations: [Destination], views: [any FeatureWebViews]) -> [MenuLink] {
        destinations.compactMap { destination in
            let route = destination.pattern.example
            guard !destination.pattern.description.contains("{"), route != .login else { return nil }
            let summary = destination.summary.prefix(1).uppercased() + destination.summary.dropFirst()
            let label = views.lazy.compactMap { $0.menuLabel(for: route) }.first ?? summary
            return MenuLink(path: WebPath.of(route), label: label)
        }
    }

    /// Whether the page at `path` is this place or one of its pages (`/events/1` is under `/events`).
    func holds(_ path: String) -> Bool {
        path == self.path || path.hasPrefix(self.path + "/")
    }
}
