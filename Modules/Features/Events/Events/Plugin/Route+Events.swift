import AgoraArchitecture

extension Route {
    /// The upcoming events the logged-in member is going to, which the Events feature shows.
    public static let eventsGoing = Route(path: "events/going")
}
