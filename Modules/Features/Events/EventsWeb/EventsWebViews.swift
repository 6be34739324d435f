import AgoraArchitecture
import AgoraWebUI
import Events

/// The Events feature in the web app: the events lists (every one, the member's own) and an
/// event's page.
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
        switch route {
        case .events: "Events"
        case .eventsGoing: "Your events"
        default: nil
        }
    }

    /// The events one goes to are theirs: in the account menu.
    public func menuPlace(for route: Route) -> WebMenuPlace? {
        route == .eventsGoing ? .account : nil
    }
}
