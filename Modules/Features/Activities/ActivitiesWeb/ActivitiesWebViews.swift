import Activities
import AgoraArchitecture
import AgoraWebUI

/// The Activities feature in the web app: the logged-in user's feed.
public struct ActivitiesWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { ActivitiesPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        (viewModel as? any ActivitiesViewModelType).map { ActivitiesPage(viewModel: $0) }
    }

    public func menuLabel(for route: Route) -> String? {
        route.segments == ["activities"] ? "Activity" : nil
    }
}
