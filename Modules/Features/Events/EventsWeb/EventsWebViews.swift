import AgoraArchitecture
import AgoraWebUI
import Events

/// The Events feature in the web app: the events list and an event's page.
public struct EventsWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { EventsPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        switch viewModel {
        case let list as any EventsListViewModelType: EventsListPage(viewModel: list)
        case let detail as any EventDetailViewModelType: EventDetailPage(viewModel: detail)
        default: nil
        }
    }

    public func menuLabel(for route: Route) -> String? {
        route.segments == ["events"] ? "Events" : nil
    }
}
