import Foundation

extension Route {
    /// The scheme of Agora's own links.
    public static let scheme = "agora"
    /// The web host whose links Agora also opens.
    public static let webHost = "agora.example"

    /// The route a link points to, or `nil` for a link that is not Agora's.
    ///
    /// This reads the link only; whether a feature shows its path is the plugins' say
    /// (``ApplicationCoordinator/route(forLink:)``).
    ///
    ///     Route(url: "agora://events/42/comments")          // events/42/comments
    ///     Route(url: "https://agora.example/events/42")     // events/42
    ///     Route(url: "https://example.com/events/42")       // nil: unknown host
    ///     Route(url: "agora://events/4%32")                 // nil: an escape (one spelling per path)
    ///     Route(url: "agora://events/42/COMMENTS")          // nil: a path is lower-case
    public init?(url text: String) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased()
        else { return nil }

        // The path and host as written: decoding "%34%32" to "42" would give a path a second
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
        guard !segments.isEmpty, segments.allSatisfy(Route.isSegment) else { return nil }
        self.init(path: segments.joined(separator: "/"))
    }

    /// The route a web address's path names, read by the rules of ``init(url:)``: the one parser
    /// for a link typed, followed or requested (agora-web's pages are these paths).
    ///
    ///     Route(webPath: "/events/42/comments")   // events/42/comments
    ///     Route(webPath: "/events/4%32")          // nil: an escape
    ///     Route(webPath: "/events//42")           // nil: an empty segment
    ///     Route(webPath: "events/42")             // nil: not a path from the root
    public init?(webPath text: String) {
        guard text.hasPrefix("/") else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard !segments.isEmpty, segments.allSatisfy(Route.isSegment) else { return nil }
        self.init(path: segments.joined(separator: "/"))
    }

    /// The route's path on the web, e.g. `/events/42`: what ``init(webPath:)`` reads.
    public var webPath: String { "/\(path)" }

    /// Whether `text` may be a path segment: lower-case ASCII letters, digits and `-`, so a
    /// route has exactly one link.
    private static func isSegment(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The route's own link, e.g. `agora://events/42`.
    public var url: String { "\(Route.scheme)://\(path)" }
}

extension Route: CustomStringConvertible {
    public var description: String { url }
}
