import AgoraDI

/// The root of navigation: owns the stack of screens and hands each route to the plugin that
/// owns it (the ApplicationCoordinator of the Redux seed, with Kickstarter's routes).
///
/// The host (the REPL) observes ``stack`` to show the top screen and ``failures`` to report a
/// route that could not be opened.
@MainActor
public final class ApplicationCoordinator: Navigator {
    /// A screen on the stack, with the route and coordinator that made it.
    public struct Presentation {
        public let route: Route
        public let coordinator: any Coordinator
        public let screen: any Screen
        /// The screen's console, quiet while another screen covers it.
        let console: CoverableConsole
    }

    /// The navigation stack, bottom first; the last element is what the user sees.
    public var stack: Output<[Presentation]> { stackSource.output }
    /// Routes that could not be opened when a coordinator asked for them.
    public var failures: Signal<NavigationError> { failuresSource.signal }

    public let plugins: [any FeaturePlugin]
    private let resolver: any Resolver
    private let console: any Console
    private let stackSource = OutputSource<[Presentation]>([])
    private let failuresSource = SignalSource<NavigationError>()

    public init(plugins: [any FeaturePlugin], resolver: any Resolver, console: any Console) {
        self.plugins = plugins
        self.resolver = resolver
        self.console = console
    }

    /// The screen the user sees, if any.
    public var top: Presentation? { stackSource.value.last }

    /// The plugin that owns `route`.
    public func plugin(for route: Route) -> (any FeaturePlugin)? {
        plugins.first { $0.handles(route) }
    }

    /// Shows the screen for `route`, or throws why it cannot.
    ///
    /// A route already on the stack is not stacked twice: the top screen's own route replaces it
    /// with a fresh one, loaded again (`open` of the comments being read; `login` on the login
    /// screen), and a route under the top goes back to it (`event` on the comments of the event
    /// just left), so `back` always leads somewhere new.
    @discardableResult
    public func present(_ route: Route) throws(NavigationError) -> any Screen {
        var stack = stackSource.value
        if let top = stack.last, top.route == route {
            stack.removeLast()
        } else if let index = stack.lastIndex(where: { $0.route == route }) {
            show(Array(stack.prefix(through: index)))
            return stack[index].screen
        }
        guard let plugin = plugin(for: route) else { throw .noFeature(route) }
        let coordinator: any Coordinator
        let screenConsole = CoverableConsole(console)
        do {
            coordinator = try plugin.makeCoordinator(for: route, context: FeatureContext(resolver: resolver, navigator: self, console: screenConsole))
        } catch {
            throw .featureFailed(feature: plugin.name, route: route, reason: "\(error)")
        }
        let screen = coordinator.start()
        show(stack + [Presentation(route: route, coordinator: coordinator, screen: screen, console: screenConsole)])
        return screen
    }

    /// Makes `stack` current: only its top screen's console prints.
    private func show(_ stack: [Presentation]) {
        for (index, presentation) in stack.enumerated() {
            presentation.console.isCovered = index < stack.count - 1
        }
        stackSource.send(stack)
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
        show(Array(stackSource.value.dropLast()))
    }

    public func dismiss() {
        guard !stackSource.value.isEmpty else { return }
        show(Array(stackSource.value.dropLast()))
    }
}
