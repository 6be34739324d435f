import AgoraArchitecture
import AgoraDI

/// The Auth feature as the app sees it (being built).
public struct AuthPlugin: FeaturePlugin {
    public init() {}

    public let name = "Auth"

    public var assembly: any Assembly { AuthAssembly() }

    public func handles(_ route: Route) -> Bool { false }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        throw NavigationError.noFeature(route)
    }
}

struct AuthAssembly: Assembly {
    func assemble(container: Container) {}
}
