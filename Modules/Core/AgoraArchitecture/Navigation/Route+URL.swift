import Foundation

extension Route {
    /// The scheme of Agora's own links.
    public static let scheme = "agora"
    /// The web host whose links Agora also opens.
    public static let webHost = "agora.example"

    /// The route a link points to, or `nil` for a link that is not Agora's or not a known path.
    ///
    ///     Route(url: "agora://events/42/comments")          // .eventComments(eventID: 42)
    ///     Route(url: "https://agora.example/events/42")     // .event(id: 42)
    ///     Route(url: "https://example.com/events/42")       // nil: unknown host
    ///     Route(url: "agora://events/forty-two")            // nil: not an id
    ///     Route(url: "agora://events/4%32")                 // nil: an escape (one spelling per id)
    public init?(url text: String) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased()
        else { return nil }

        // The path and host as written: decoding "%34%32" to "42" would give an id a second
        // spelling. No route needs an escape, so a link with one opens nothing.
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch scheme {
        case Route.scheme:
            // agora://events/42: the host is the first path segment.
            guard let host = components.percentEncodedHost, !host.isEmpty else { return nil }
            segments.insert(host.lowercased(), at: 0)
        case "https", "http":
            guard let host = components.percentEncodedHost?.lowercased(), host == Route.webHost || host == "www." + Route.webHost
            else { return nil }
        default:
            return nil
        }
        self.init(pathSegments: segments)
    }

    /// The route for path segments such as `["events", "42", "comments"]`.
    init?(pathSegments segments: [String]) {
        switch segments.count {
        case 1 where segments[0] == "events": self = .events
        case 1 where segments[0] == "activities": self = .activities
        case 1 where segments[0] == "login": self = .login
        case 2 where segments[0] == "events":
            guard let id = Route.id(segments[1]) else { return nil }
            self = .event(id: id)
        case 3 where segments[0] == "events" && segments[2] == "comments":
            guard let id = Route.id(segments[1]) else { return nil }
            self = .eventComments(eventID: id)
        default:
            return nil
        }
    }

    /// A positive decimal id with no sign or padding tricks ("42", not "+42" or "0").
    private static func id(_ text: String) -> Int? {
        // One spelling per id, so a route has exactly one URL: no leading zeros ("007").
        guard !text.hasPrefix("0"), text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let id = Int(text), id > 0
        else { return nil }
        return id
    }

    /// The route's path, e.g. `events/42/comments`; the REPL shows it in its prompt.
    public var path: String {
        switch self {
        case .events: "events"
        case .event(let id): "events/\(id)"
        case .eventComments(let id): "events/\(id)/comments"
        case .activities: "activities"
        case .login: "login"
        }
    }

    /// The route's own link, e.g. `agora://events/42`.
    public var url: String { "\(Route.scheme)://\(path)" }
}

extension Route: CustomStringConvertible {
    public var description: String { url }
}
