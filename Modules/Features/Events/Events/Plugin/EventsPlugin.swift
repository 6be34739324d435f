import AgoraArchitecture
import AgoraDI

/// The Events feature as the app sees it: its registrations, its routes, its coordinators.
public struct EventsPlugin: FeaturePlugin {
    public init() {}

    public let name = "Events"

    public var assembly: any Assembly { EventsAssembly() }

    public func handles(_ route: Route) -> Bool {
        switch route {
        case .events, .event: true
        default: false
        }
    }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        let resolver = context.resolver
        switch route {
        case .events:
            let dependency = try EventsListViewModel.Dependency(
                fetcher: resolver.resolve(), loader: resolver.resolve(), environment: resolver.resolve()
            )
            return EventsListCoordinator(dependency: dependency, navigator: context.navigator)
        case .event(let id):
            let dependency = try EventDetailViewModel.Dependency(
                fetcher: resolver.resolve(), loader: resolver.resolve(), rsvp: resolver.resolve(),
                sessions: resolver.resolve(), environment: resolver.resolve()
            )
            return EventDetailCoordinator(eventID: id, dependency: dependency, navigator: context.navigator)
        default:
            throw NavigationError.noFeature(route)
        }
    }
}
