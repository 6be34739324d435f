import AgoraDI

/// What a feature library brings to the app: the one value each feature exports.
///
/// The app is the list of its plugins. A plugin names itself, registers its services in the
/// container, says which routes it owns and starts the coordinator for one of them. It knows no
/// view: the REPL, or a GUI app, shows the ViewModels its coordinators start.
@MainActor
public protocol FeaturePlugin {
    /// The feature's name, as in `help` and in errors ("Events").
    var name: String { get }
    /// The feature's registrations (UseCases and whatever else it provides).
    var assembly: any Assembly { get }
    /// Whether this feature shows `route`.
    func handles(_ route: Route) -> Bool
    /// The coordinator that starts the flow for `route`, one this plugin ``handles(_:)``.
    func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator
}

/// What a feature's coordinator gets from the app: where to resolve its dependencies and how to
/// navigate.
@MainActor
public struct FeatureContext {
    public let resolver: any Resolver
    public let navigator: any Navigator

    public init(resolver: any Resolver, navigator: any Navigator) {
        self.resolver = resolver
        self.navigator = navigator
    }
}
