/// Why a route could not be shown.
public enum NavigationError: Error, Equatable, CustomStringConvertible {
    /// No installed feature owns the route.
    case noFeature(Route)
    /// The owning feature could not build its screen; names the feature and the cause.
    case featureFailed(feature: String, route: Route, reason: String)

    public var description: String {
        switch self {
        case .noFeature(let route):
            "No feature handles \(route.url) in this build."
        case .featureFailed(let feature, let route, let reason):
            "\(feature) could not open \(route.url): \(reason)"
        }
    }
}
