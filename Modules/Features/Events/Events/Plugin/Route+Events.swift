import AgoraArchitecture

extension Route {
    /// The upcoming events, which the Events feature shows.
    public static let events = Route(path: "events")
}
