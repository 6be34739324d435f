import AgoraArchitecture

extension Route {
    /// The logged-in user's activity feed, which the Activities feature shows.
    public static let activities = Route(path: "activities")
}
