import AgoraArchitecture
import AgoraDI

/// What the explorer shows of an app at one moment, for every view: the navigation stack, the
/// top ViewModel's outputs and signals and the inputs its screen sends, the container's
/// registrations by assembly, the plugins and the routes. The REPL prints it (`stack`,
/// `inspect`, `inputs`, `container`, `plugins`, `routes`), agora-web's panel draws it; each
/// words and lays it out, neither gathers it.
@MainActor
public struct ArchitectureSnapshot {
    private let coordinator: ApplicationCoordinator
    private let container: Container

    /// The explorer's view of `application`, read when asked.
    public init(application: AgoraApplication) {
        self.init(coordinator: application.coordinator, container: application.container)
    }

    public init(coordinator: ApplicationCoordinator, container: Container) {
        self.coordinator = coordinator
        self.container = container
    }

    // MARK: The stack

    /// A screen on the stack.
    public struct Screen: Equatable, Sendable {
        /// Its route.
        public let route: AgoraArchitecture.Route
        /// Its route as a link: `agora://events/1`.
        public let link: String
        /// Its route's path, which names it: `events/1`.
        public let path: String
        /// Its ViewModel's type and its coordinator's.
        public let viewModel: String
        public let coordinator: String
    }

    /// The screens on the stack, bottom first.
    public var stack: [Screen] {
        coordinator.stack.value.map { presentation in
            Screen(
                route: presentation.route, link: presentation.route.url, path: presentation.route.path, viewModel: Self.typeName(presentation.viewModel),
                coordinator: Self.typeName(presentation.coordinator))
        }
    }

    // MARK: The top ViewModel

    /// The top ViewModel as the inspector shows it.
    @MainActor
    public struct Inspection {
        /// Its type, and the route of its screen as a link.
        public let viewModel: String
        public let link: String
        /// Whether work it started is still running.
        public let isWorking: Bool
        /// Its outputs and signals, in declaration order.
        public let items: [ViewModelInspection.Found]

        /// Its outputs, then its signals.
        public var outputs: [ViewModelInspection.Found] { items.filter { !$0.source.isSignal } }
        public var signals: [ViewModelInspection.Found] { items.filter { $0.source.isSignal } }
    }

    /// The top ViewModel, or `nil` with nothing on the stack.
    public var inspection: Inspection? { inspection(at: nil) }

    /// The ViewModel of the screen at `route` on the stack (a web page the browser went back
    /// to), or the top one when `route` is `nil` or not on the stack.
    public func inspection(at route: AgoraArchitecture.Route?) -> Inspection? {
        guard let top = route.flatMap({ route in coordinator.stack.value.last { $0.route == route } }) ?? coordinator.top else { return nil }
        return Inspection(
            viewModel: Self.typeName(top.viewModel), link: top.route.url, isWorking: !top.viewModel.work.isIdle,
            items: ViewModelInspection.sources(of: top.viewModel))
    }

    /// The inputs a screen sends its ViewModel through `tracedInputs` (its table,
    /// `InputDeclaring`), in the table's order; `nil` when it declares none.
    public func inputs(sentThrough tracedInputs: (any InputTracing)?) -> [DeclaredInput]? {
        tracedInputs.flatMap { DeclaredInput.inputs(of: $0) }
    }

    // MARK: The container

    /// A registration: its type as `resolve` takes it, what a resolve hands out and for how long
    /// (``Container/lifetime(of:)``), whether it was resolved.
    public struct Registration: Equatable, Sendable {
        public let type: String
        public let scope: String
        public let isResolved: Bool
    }

    /// The registrations an assembly made.
    public struct Assembly: Equatable, Sendable {
        public let name: String
        public let registrations: [Registration]
    }

    /// What each word of a registration's scope means, in one line under a listing.
    public static let scopeLegend = Container.lifetimeLegend

    /// The registrations grouped by assembly, in the order the assemblies were applied (the
    /// app's, then the features').
    public var assemblies: [Assembly] {
        var groups: [(name: String, registrations: [Registration])] = []
        for summary in container.registrationSummaries {
            let name = summary.assembly ?? "(registered directly)"
            let registration = Registration(type: summary.key.description, scope: container.lifetime(of: summary), isResolved: summary.isResolved)
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].registrations.append(registration)
            } else {
                groups.append((name, [registration]))
            }
        }
        let order = container.appliedAssemblies
        return
            groups
            .sorted { (order.firstIndex(of: $0.name) ?? order.count) < (order.firstIndex(of: $1.name) ?? order.count) }
            .map { Assembly(name: $0.name, registrations: $0.registrations) }
    }

    // MARK: The plugins

    /// A feature's plugin: its name, the links it opens, how many registrations its assembly
    /// made, and the plugins it needs.
    public struct Plugin: Equatable, Sendable {
        public let name: String
        public let links: [String]
        public let registrationCount: Int
        public let needs: [String]
    }

    /// The plugins, in the order the app lists them.
    public var plugins: [Plugin] {
        let summaries = container.registrationSummaries
        return coordinator.plugins.map { plugin in
            let assembly = String(describing: type(of: plugin.assembly))
            return Plugin(
                name: plugin.name, links: plugin.destinations.map(\.exampleLink),
                registrationCount: summaries.filter { $0.assembly == assembly }.count, needs: plugin.dependencies)
        }
    }

    // MARK: The routes

    /// A route the app opens: an example link, and what it opens.
    public struct Route: Equatable, Sendable {
        public let link: String
        public let opens: String
    }

    /// Every route the plugins declare, in the order the app lists them.
    public var routes: [Route] {
        coordinator.destinations.map { Route(link: $0.exampleLink, opens: $0.summary) }
    }

    /// An object's type as the explorer names it: `EventsListViewModel`.
    static func typeName(_ object: AnyObject) -> String {
        String(describing: type(of: object))
    }
}
