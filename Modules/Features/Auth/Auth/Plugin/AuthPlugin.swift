import AgoraArchitecture
import AgoraDI

/// The Auth feature as the app sees it: its registrations and the login route.
public struct AuthPlugin: FeaturePlugin {
    public init() {}

    public let name = "Auth"

    public var assembly: any Assembly { AuthAssembly() }

    public func handles(_ route: Route) -> Bool {
        route == .login
    }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        guard route == .login else { throw NavigationError.noFeature(route) }
        return try LoginCoordinator(dependency: dependency(context), navigator: context.navigator)
    }

    private func dependency(_ context: FeatureContext) throws -> LoginViewModel.Dependency {
        try LoginViewModel.Dependency(authenticator: context.resolver.resolve(), sessions: context.resolver.resolve())
    }
}
