import AgoraArchitecture
import AgoraWebUI
import Auth

/// The Auth feature in the web app: the login page, and on every page who is logged in with
/// a logout button (`POST /logout`).
public struct AuthWebViews: FeatureWebViews {
    public init() {}

    public var plugin: any FeaturePlugin { AuthPlugin() }

    public func screen(for viewModel: any ViewModel) -> (any WebScreen)? {
        (viewModel as? any LoginViewModelType).map { LoginPage(viewModel: $0) }
    }

    public func pageParts(context: FeatureWebContext) throws -> FeatureWebParts {
        let dependency = try AccountViewModel.Dependency(authenticator: context.resolver.resolve(), sessions: context.resolver.resolve())
        return AccountPart(dependency: dependency, navigator: context.navigator).parts
    }
}
