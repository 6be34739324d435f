import AgoraArchitecture

/// The route matcher: a link as typed after `open`, or as an agora:// or https://agora.example
/// link from elsewhere.
public enum RouteFuzzTarget: SynchronousFuzzTarget {
    public static let name = "route"

    public struct Outcome: Sendable {
        /// The input, decoded as UTF-8.
        public let link: String
        /// The screen it opens, or `nil` for a link that is not Agora's or not a known path.
        public let route: Route?
    }

    public static func runNow(_ input: [UInt8]) -> Outcome {
        let link = String(decoding: input, as: UTF8.self)
        return Outcome(link: link, route: Route(url: link))
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        guard let route = outcome.route else { return [] }
        let link = outcome.link.debugDescription
        var broken: [String] = []
        // A route has one link, and the web link with the same path opens it too.
        for canonical in [route.url, "https://\(Route.webHost)/\(route.path)"] where Route(url: canonical) != route {
            broken.append("\(link) opened \(route), but its link \(canonical) opens \(String(describing: Route(url: canonical)))")
        }
        // An id is a positive decimal written as such in the link: one spelling per id.
        for pattern in idPatterns {
            guard let parameters = pattern.match(route) else { continue }
            for id in parameters.ids.values {
                if id <= 0 { broken.append("\(link) opened \(route) as \(pattern), whose id is not positive") }
                if !outcome.link.contains("/\(id)") {
                    broken.append("\(link) opened \(route) as \(pattern), but \(id) is not written in it")
                }
            }
        }
        return broken
    }
}

extension RouteFuzzTarget {
    /// The app's patterns with ids, as its plugins declare them (`AppLinksTests` checks they are
    /// still the app's).
    public static let idPatterns: [RoutePattern] = ["events/{id}", "events/{id}/comments"]
}
