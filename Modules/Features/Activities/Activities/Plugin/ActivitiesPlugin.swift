import AgoraArchitecture
import AgoraDI

/// The Activities feature as the app sees it: its registrations, its one route, its coordinator.
public struct ActivitiesPlugin: FeaturePlugin {
    public init() {}

    public let name = "Activities"

    public var assembly: any Assembly { ActivitiesAssembly() }

    public func handles(_ route: Route) -> Bool {
        route == .activities
    }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        guard handles(route) else { throw NavigationError.noFeature(route) }
        let resolver = context.resolver
        let dependency = try ActivitiesViewModel.Dependency(
            fetcher: resolver.resolve(), loader: resolver.resolve(), sessions: resolver.resolve(), environment: resolver.resolve()
        )
        return ActivitiesCoordinator(dependency: dependency, navigator: context.navigator)
    }
}
