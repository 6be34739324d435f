import AgoraArchitecture
import AgoraDI

/// The Comments feature as the app sees it: its registrations, its one route (an event's
/// comments, `agora://events/<id>/comments`), its coordinator.
public struct CommentsPlugin: FeaturePlugin {
    public init() {}

    public let name = "Comments"

    public var assembly: any Assembly { CommentsAssembly() }

    public func handles(_ route: Route) -> Bool {
        if case .eventComments = route { return true }
        return false
    }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        guard case .eventComments(let eventID) = route else { throw NavigationError.noFeature(route) }
        let resolver = context.resolver
        let dependency = try CommentsViewModel.Dependency(
            fetcher: resolver.resolve(), loader: resolver.resolve(), poster: resolver.resolve(), queue: resolver.resolve(),
            sessions: resolver.resolve(), environment: resolver.resolve()
        )
        return CommentsCoordinator(eventID: eventID, dependency: dependency, navigator: context.navigator)
    }
}
