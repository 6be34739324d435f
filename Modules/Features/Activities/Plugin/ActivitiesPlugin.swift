import AgoraArchitecture
import AgoraDI

/// The Activities feature as the app sees it (being built).
public struct ActivitiesPlugin: FeaturePlugin {
    public init() {}

    public let name = "Activities"

    public var assembly: any Assembly { ActivitiesAssembly() }

    public func handles(_ route: Route) -> Bool { false }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        throw NavigationError.noFeature(route)
    }
}

struct ActivitiesAssembly: Assembly {
    func assemble(container: Container) {}
}
