import AgoraArchitecture
import AgoraDI

/// The Auth feature as the app sees it: its registrations and its destination, the login form
/// (`agora://login`).
public struct AuthPlugin: FeaturePlugin {
    public init() {}

    public let name = "Auth"

    public var assembly: any Assembly { AuthAssembly() }

    public var destinations: [Destination] {
        [
            Destination("login", summary: "the login screen") { _, context in
                let dependency = try LoginViewModel.Dependency(authenticator: context.resolver.resolve(), sessions: context.resolver.resolve())
                return LoginCoordinator(dependency: dependency, navigator: context.navigator)
            }
        ]
    }
}
