import AgoraDI

/// The root of navigation: owns the stack of ViewModels and hands each route to the plugin that
/// owns it.
///
/// It holds no view. The host observes ``stack`` to show the top ViewModel (a text host through its
/// screens; a SwiftUI app would bind a `NavigationStack` to it) and ``failures`` to report a
/// route that could not be opened.
@MainActor
public final class ApplicationCoordinator: Navigator {
    /// A ViewModel on the stack, with the route and coordinator that made it.
    public struct Presentation {
        public let route: Route
        public let coordinator: any Coordinator
        public let viewModel: any ViewModel
    }

    /// The navigation stack, bottom first; the last element is what the user sees.
    public var stack: Output<[Presentation]> { stackSource.output }
    /// Routes that could not be opened when a coordinator asked for them.
    public var failures: Signal<NavigationError> { failuresSource.signal }

    public let plugins: [any FeaturePlugin]
    private let resolver: any Resolver
    private let stackSource = OutputSource<[Presentation]>([])
    private let failuresSource = SignalSource<NavigationError>()

    public init(plugins: [any FeaturePlugin], resolver: any Resolver) {
        self.plugins = plugins
        self.resolver = resolver
    }

    /// What the user sees, if anything.
    public var top: Presentation? { stackSource.value.last }

    /// The plugin that owns `route`.
    public func plugin(for route: Route) -> (any FeaturePlugin)? {
        plugins.first { $0.handles(route) }
    }

    /// The route of `link` (`agora://events/42`) when a plugin shows it, else `nil`.
    public func route(forLink link: String) -> Route? {
        Route(url: link).flatMap { plugin(for: $0) != nil ? $0 : nil }
    }

    /// Every plugin's destinations, in the plugins' order.
    public var destinations: [Destination] {
        plugins.flatMap(\.destinations)
    }

    /// Shows the ViewModel for `route`, or throws why it cannot.
    ///
    /// A route already on the stack is not stacked twice: the top's own route replaces it with a
    /// fresh ViewModel, loaded again (`open` of the comments being read; `login` on the login
    /// screen), and a route under the top goes back to it (`event` on the comments of the event
    /// just left), so `back` always leads somewhere new.
    @discardableResult
    public func present(_ route: Route) throws(NavigationError) -> any ViewModel {
        var stack = stackSource.value
        if let top = stack.last, top.route == route {
            stack.removeLast()
        } else if let index = stack.lastIndex(where: { $0.route == route }) {
            stackSource.send(Array(stack.prefix(through: index)))
            return stack[index].viewModel
        }
        guard let plugin = plugin(for: route) else { throw .noFeature(route) }
        let coordinator: any Coordinator
        do {
            coordinator = try plugin.makeCoordinator(for: route, context: FeatureContext(resolver: resolver, navigator: self))
        } catch {
            throw .featureFailed(feature: plugin.name, route: route, reason: "\(error)")
        }
        let viewModel = coordinator.start()
        stackSource.send(stack + [Presentation(route: route, coordinator: coordinator, viewModel: viewModel)])
        return viewModel
    }

    // MARK: Navigator

    public func open(_ route: Route) {
        do {
            try present(route)
        } catch {
            failuresSource.send(error)
        }
    }

    public func back() {
        guard stackSource.value.count > 1 else { return }
        stackSource.send(Array(stackSource.value.dropLast()))
    }

    public func dismiss() {
        guard !stackSource.value.isEmpty else { return }
        stackSource.send(Array(stackSource.value.dropLast()))
    }
}
