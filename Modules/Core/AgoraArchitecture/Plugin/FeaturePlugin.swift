import AgoraDI

/// What a feature module brings to the app: the one value each feature exports.
///
/// The app is the list of its plugins. A plugin names itself, registers its services in the
/// container, says which routes it owns and starts the coordinator for one of them. Its screens
/// bring their own commands.
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
    /// Commands the feature offers on every screen; none by default.
    func commands(context: FeatureContext) throws -> [FeatureCommand]
    /// Command names, lower-cased, whose arguments are secrets (Auth's `password` and `code`): a
    /// line that starts with one, in any letter case and on any screen, is never kept in the
    /// history, since a person may type it where the command does not apply. None by default.
    var secretCommandNames: Set<String> { get }
    /// The commands of each kind of screen the feature shows, with where they apply: `help` on
    /// any screen can then explain every command. None by default.
    var screenCommandSets: [ScreenCommandSet] { get }
}

extension FeaturePlugin {
    public func commands(context: FeatureContext) throws -> [FeatureCommand] { [] }
    public var secretCommandNames: Set<String> { [] }
    public var screenCommandSets: [ScreenCommandSet] { [] }
}

/// What a feature's coordinator gets from the app: where to resolve its dependencies, how to
/// navigate, and where its screens write.
@MainActor
public struct FeatureContext {
    public let resolver: any Resolver
    public let navigator: any Navigator
    public let console: any Console

    public init(resolver: any Resolver, navigator: any Navigator, console: any Console) {
        self.resolver = resolver
        self.navigator = navigator
        self.console = console
    }
}
