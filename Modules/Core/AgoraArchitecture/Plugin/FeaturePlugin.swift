import AgoraDI
import AgoraModels

/// What a feature library brings to the app: the one value each feature exports.
///
/// The app is the list of its plugins. A plugin names itself, registers its services in the
/// container and lists the destinations it shows, each a route pattern with the coordinator that
/// starts it. It knows no view: each view of the app shows the ViewModels its coordinators start.
@MainActor
public protocol FeaturePlugin {
    /// The feature's name, as in `help` and in errors ("Events").
    var name: String { get }
    /// The feature's registrations (UseCases and whatever else it provides).
    var assembly: any Assembly { get }
    /// The places the feature shows, by route pattern.
    var destinations: [Destination] { get }
    /// The names of the plugins whose flows this one cannot work without (`["Auth"]` for a
    /// feature that asks for a login): `agora --feature` starts them with it. Links to other
    /// features are not dependencies: without their plugin, opening one says no screen is there.
    var dependencies: [String] { get }
    /// Forgets what the feature keeps that belongs to `user` (their RSVPs in cached events,
    /// their feed): the app calls it when their session ends, whether or not the server heard
    /// of it, and the logout waits for it. Throws when what it needs cannot be resolved.
    func clearUserData(of user: User, resolver: any Resolver) async throws
}

extension FeaturePlugin {
    /// None, unless the feature says otherwise.
    public var dependencies: [String] { [] }

    /// Nothing to clear, unless the feature keeps something of its users.
    public func clearUserData(of user: User, resolver: any Resolver) async throws {}
}

extension FeaturePlugin {
    /// Whether one of the feature's destinations shows `route`.
    public func handles(_ route: Route) -> Bool {
        destinations.contains { $0.pattern.match(route) != nil }
    }

    /// The coordinator that starts the flow for `route`; throws ``NavigationError/noFeature(_:)``
    /// for a route the plugin does not handle, or what the destination threw.
    public func makeCoordinator(for route: Route, context: FeatureContext) throws -> any Coordinator {
        for destination in destinations {
            if let coordinator = try destination.makeCoordinator(for: route, context: context) { return coordinator }
        }
        throw NavigationError.noFeature(route)
    }
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
