import AgoraArchitecture
import Foundation

/// Where a route is on the web: `agora://events/1/comments` is `/events/1/comments`, as the
/// REPL's links are.
public enum WebPath {
    /// The path of `route`, each segment percent-encoded.
    ///
    /// - Parameter route: a route a plugin shows.
    public static func of(_ route: Route) -> String {
        "/" + route.segments.map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? "" }.joined(separator: "/")
    }

    /// The route a request's path names, or `nil` for a path with an empty or undecodable
    /// segment.
    ///
    /// - Parameter path: the request's path, `/` first.
    public static func route(_ path: String) -> Route? {
        var segments: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard !part.isEmpty, let segment = part.removingPercentEncoding else { return nil }
            segments.append(segment)
        }
        guard path.hasPrefix("/"), !segments.isEmpty else { return nil }
        return Route(path: segments.joined(separator: "/"))
    }

    private static let segmentCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
}
