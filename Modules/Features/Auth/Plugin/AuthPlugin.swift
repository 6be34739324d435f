import AgoraArchitecture
import AgoraAPI
import AgoraDI

/// The Auth feature as the app sees it: the login route, and `login`, `logout` and `whoami` on
/// every screen.
public struct AuthPlugin: FeaturePlugin {
    public init() {}

    public let name = "Auth"

    public var assembly: any Assembly { AuthAssembly() }

    public func handles(_ route: Route) -> Bool {
        route == .login
    }

    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        guard route == .login else { throw NavigationError.noFeature(route) }
        return try LoginCoordinator(dependency: dependency(context), navigator: context.navigator, console: context.console)
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [ScreenCommandSet(place: "the login screen", link: "agora://login", commands: LoginScreen.commands)]
    }

    /// The login screen's commands that take a password or a code.
    public var secretCommandNames: Set<String> {
        Set(LoginScreen.commands.filter(\.hidesArguments).map { $0.name.lowercased() })
    }

    public func commands(context: FeatureContext) throws -> [FeatureCommand] {
        let service: any ServiceType = try context.resolver.resolve()
        return try AccountCommands(
            dependency: dependency(context), navigator: context.navigator, console: context.console, demoLogin: service.demoLogin
        ).all
    }

    private func dependency(_ context: FeatureContext) throws -> LoginViewModel.Dependency {
        try LoginViewModel.Dependency(authenticator: context.resolver.resolve(), sessions: context.resolver.resolve())
    }
}
