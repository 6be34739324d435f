extension FeatureTemplates {
    var row: String {
        let n = names
        return #"""
        import AgoraModels

        /// One row of the \#(n.phrase) list, ready to show.
        public struct \#(n.item)Row: Identifiable, Hashable, Sendable {
            public let id: \#(n.item).ID
            public let title: String
            public let summary: String
            /// The event the row opens.
            public let eventID: Event.ID

            public init(_ item: \#(n.item)) {
                id = item.id
                title = item.title
                summary = item.summary
                eventID = item.eventID
            }
        }

        """#
    }

    var fetchable: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraModels

        /// Asks the API for \#(n.phrase) and keeps what it gets in the cache.
        public protocol \#(n.name)Fetchable: Sendable {
            /// Fetches the page after `cursor` (`nil`: the first page, which replaces the cached list).
            /// A fetch cancelled meanwhile (a refresh replaced it) leaves the cache alone.
            func \#(n.serviceMethod)(after cursor: String?) async throws(ServiceError) -> Page<\#(n.item)>
        }

        /// Follows \#(n.phrase) in the cache, with no request: what the screen
        /// shows at once, and again whenever the cache changes underneath it.
        public protocol \#(n.name)Loadable: Sendable {
            /// The cached \#(n.phrase) (empty when nothing was fetched yet), for the list screen to
            /// follow: it changes with each page and with each change to one of them.
            func cached\#(n.name)() -> CachedList<\#(n.item)>
        }

        """#
    }

    var useCase: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraCache
        import AgoraModels

        /// \#(n.possessive) UseCase: the feature's own client for fresh data, the cache for what was
        /// seen before.
        public struct \#(n.name)UseCase: \#(n.name)Fetchable, \#(n.name)Loadable {
            /// The cache's name for the list.
            static let list = "\#(n.pathSegment)"

            private let service: any \#(n.name)Service
            private let cache: any ListCache<\#(n.item)>

            public init(service: any \#(n.name)Service, cache: any ListCache<\#(n.item)>) {
                self.service = service
                self.cache = cache
            }

            public func \#(n.serviceMethod)(after cursor: String?) async throws(ServiceError) -> Page<\#(n.item)> {
                let page = try await service.\#(n.serviceMethod)(\#(n.name)Request(cursor: cursor))
                // Replaced by a newer request (a refresh) or stopped by the user: the page is dropped,
                // so it must not reach the list either.
                guard !Task.isCancelled else { return page }
                if cursor == nil {
                    await cache.replace(Self.list, with: page.items)
                } else {
                    await cache.append(page.items, to: Self.list)
                }
                return page
            }

            /// A short list: followed whole. (A list that grows long follows
            /// `cache.cachedList(Self.list)`, read a window at a time.)
            public func cached\#(n.name)() -> CachedList<\#(n.item)> {
                let cache = self.cache
                return CachedList { onChange in await cache.observe(Self.list, onChange: onChange) }
            }
        }

        """#
    }

    var viewModel: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraArchitecture
        import AgoraModels

        /// What happens on the \#(n.phrase) list.
        @MainActor
        public protocol \#(n.name)ViewModelInputs {
            /// The list was shown for the first time.
            func viewDidLoad()
            /// The user asked for fresh data.
            func refresh()
            /// A row came into view; near the end of the list the next page is requested.
            func willDisplayRow(_ row: Int, outOf total: Int)
            /// The user chose the row at `row` (0-based).
            func rowTapped(_ row: Int)
        }

        /// What the \#(n.phrase) list shows.
        @MainActor
        public protocol \#(n.name)ViewModelOutputs {
            /// The rows, cached ones first, then fresh ones as pages arrive; a row changes when its
            /// \#(n.itemPhrase) changes in the cache. Identical rows are not sent again.
            var rows: Output<ListRows<\#(n.item)Row>> { get }
            /// Whether a page is being loaded.
            var isLoading: Output<Bool> { get }
            /// Whether the list was loaded and is empty (the empty state).
            var isEmpty: Output<Bool> { get }
            /// Whether there is a page after the rows shown.
            var hasMorePages: Output<Bool> { get }
            /// A message for each failed load.
            var showError: Signal<String> { get }
            /// A refresh found the list as it was.
            var showUpToDate: Signal<Void> { get }
        }

        /// Where the \#(n.phrase) list asks to go; only its coordinator observes this.
        @MainActor
        public protocol \#(n.name)NavigationEvents {
            /// Show this event (another feature's screen: the coordinator goes by route).
            var showEvent: Signal<Event.ID> { get }
        }

        /// The \#(n.phrase) list's ViewModel as its view and coordinator see it.
        @MainActor
        public protocol \#(n.name)ViewModelType: ViewModel {
            var inputs: any \#(n.name)ViewModelInputs { get }
            var outputs: any \#(n.name)ViewModelOutputs { get }
            var navigation: any \#(n.name)NavigationEvents { get }
            /// The work inputs started; await it instead of sleeping.
            var work: WorkTracker { get }
        }

        /// The \#(n.phrase) list: cached rows at once, then fresh pages, the next page near the end;
        /// the rows follow the cache, so \#(n.phrase) changed elsewhere change here too.
        @MainActor
        public final class \#(n.name)ViewModel: \#(n.name)ViewModelType, \#(n.name)ViewModelInputs,
            \#(n.name)ViewModelOutputs, \#(n.name)NavigationEvents {
            /// What the ViewModel needs: its UseCases and the shared state it reads, given by its
            /// coordinator.
            public struct Dependency: Sendable {
                public var fetcher: any \#(n.name)Fetchable
                public var loader: any \#(n.name)Loadable
                public var environment: AgoraEnvironment

                public init(fetcher: any \#(n.name)Fetchable, loader: any \#(n.name)Loadable, environment: AgoraEnvironment) {
                    self.fetcher = fetcher
                    self.loader = loader
                    self.environment = environment
                }
            }

            public var inputs: any \#(n.name)ViewModelInputs { self }
            public var outputs: any \#(n.name)ViewModelOutputs { self }
            public var navigation: any \#(n.name)NavigationEvents { self }
            public let work = WorkTracker()

            public var rows: Output<ListRows<\#(n.item)Row>> { list.rows }
            public var isLoading: Output<Bool> { list.isLoading }
            public var isEmpty: Output<Bool> { list.isEmpty }
            public var hasMorePages: Output<Bool> { list.hasMorePages }
            public var showError: Signal<String> { showErrorSource.signal }
            public var showUpToDate: Signal<Void> { list.refreshFoundNoChange }
            public var showEvent: Signal<Event.ID> { showEventSource.signal }

            private let showErrorSource = SignalSource<String>()
            private let showEventSource = SignalSource<Event.ID>()

            /// The cached list, paged: a page's rows show when it ends, together with whether more
            /// pages follow; \#(n.phrase) changed elsewhere show at once.
            private let list: PagedList<\#(n.item), \#(n.item)Row, ServiceError>
            private let dependency: Dependency
            private var observations: [OutputObservation] = []

            public init(dependency: Dependency) {
                self.dependency = dependency
                list = PagedList(work: work, showsCacheFirst: dependency.environment.showsCachedListsFirst) { item in
                    \#(n.item)Row(item)
                }
                observations = [
                    list.errors.observe { [weak self] error in
                        self?.showErrorSource.send(error.description)
                    },
                ]
            }

            // MARK: Inputs

            public func viewDidLoad() {
                // The cached rows show first; the first page is asked for after them.
                let fetcher = dependency.fetcher
                list.start(following: dependency.loader.cached\#(n.name)()) { cursor throws(ServiceError) in
                    try await fetcher.\#(n.serviceMethod)(after: cursor)
                }
            }

            public func refresh() {
                list.refresh()
            }

            public func willDisplayRow(_ row: Int, outOf total: Int) {
                list.willDisplayRow(row, outOf: total)
            }

            public func rowTapped(_ row: Int) {
                guard rows.value.indices.contains(row) else { return }
                showEventSource.send(rows.value[row].eventID)
            }
        }

        """#
    }

    var tracedInputs: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import \#(n.name)

        /// The inputs of the \#(n.phrase) list as the REPL sends them: its view calls these, `send`
        /// calls them by name through the table, and each is traced before it reaches the ViewModel.
        /// `Scripts/check-architecture` compares the table with `\#(n.name)ViewModelInputs`.
        @MainActor
        final class \#(n.name)Inputs: TracedInputs<any \#(n.name)ViewModelInputs>, \#(n.name)ViewModelInputs, InputDeclaring {
            func viewDidLoad() { send { $0.viewDidLoad() } }
            func refresh() { send { $0.refresh() } }
            func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
            func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }

            static var inputCatalog: [InputDescriptor<\#(n.name)Inputs>] {
                [
                    .input("viewDidLoad") { $0.viewDidLoad() },
                    .input("refresh") { $0.refresh() },
                    .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
                    .input("rowTapped", "row") { $0.rowTapped($1) },
                ]
            }
        }

        """#
    }

    var coordinator: String {
        let n = names
        return #"""
        import AgoraArchitecture

        /// Starts the \#(n.phrase) list and sends a chosen row to its event by route: the event's
        /// screen belongs to another feature.
        @MainActor
        public final class \#(n.name)Coordinator: Coordinator {
            private let dependency: \#(n.name)ViewModel.Dependency
            private weak var navigator: (any Navigator)?
            private var observation: OutputObservation?

            public init(dependency: \#(n.name)ViewModel.Dependency, navigator: any Navigator) {
                self.dependency = dependency
                self.navigator = navigator
            }

            public func start() -> any ViewModel {
                let viewModel = \#(n.name)ViewModel(dependency: dependency)
                observation = viewModel.navigation.showEvent.observe { [weak self] id in
                    self?.navigator?.open(.event(id: id))
                }
                return viewModel
            }
        }

        """#
    }

    /// The screen's table columns, as the transcript lays them out.
    var tableColumns: [(title: String, rightAligned: Bool)] {
        [("#", true), (names.itemTitle, false), ("About", false)]
    }

    var screen: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import AgoraTerminalUI
        import \#(n.name)

        /// The \#(n.phrase) list in the REPL: a table of rows, the next page on `more`, a row's
        /// event on `open <row>`.
        @MainActor
        final class \#(n.name)Screen: Screen {
            private let viewModel: any \#(n.name)ViewModelType
            /// The ViewModel's inputs, sent traced.
            private let inputs: \#(n.name)Inputs
            private let console: any Console
            private var observations: [OutputObservation] = []
            /// Prints only what changed: the new rows of a page, not the whole list again.
            private let printer: TableRowsPrinter<\#(n.item)Row>

            private static let table = TextTable([
                .init("\#(n.itemTitle)", isFlexible: true),
                .init("About", isFlexible: true),
            ])

            init(viewModel: any \#(n.name)ViewModelType, console: any Console) {
                self.viewModel = viewModel
                inputs = \#(n.name)Inputs(viewModel.inputs)
                self.console = console
                printer = TableRowsPrinter(table: Self.table, console: console) { row in
                    TableRow(id: String(row.id), cells: [.text(row.title), .text(row.summary)])
                }
            }

            var work: WorkTracker { viewModel.work }

            var commands: [ScreenCommand] { Self.commands }

            /// This screen's commands, also read by the plugin for `help` on other screens.
            static let commands = [
                ScreenCommand("more", summary: "Show the next page of \#(n.phrase)."),
                ScreenCommand("refresh", summary: "Load the list again from the first page."),
                ScreenCommand("open", arguments: "<row>", example: "open 3", summary: "Show the event of the \#(n.itemPhrase) in that row, e.g. `open 3`."),
            ]

            func appear() {
                let outputs = viewModel.outputs
                observations = [
                    outputs.rows.observe { [weak self] rows in self?.show(rows) },
                    outputs.isEmpty.observe { [weak self] isEmpty in
                        if isEmpty { self?.console.print("No \#(n.phrase) yet.") }
                    },
                    outputs.showError.observe { [weak self] message in self?.console.error(message) },
                    outputs.showUpToDate.observe { [weak self] in self?.console.print(ListMessages.upToDate) },
                ]
                inputs.viewDidLoad()
            }

            func reappear() {
                printer.reset()
                show(viewModel.outputs.rows.value)
            }

            func perform(_ command: String, arguments: [String]) throws(CommandError) {
                let rows = viewModel.outputs.rows.value
                switch command {
                case "more":
                    guard viewModel.outputs.hasMorePages.value else {
                        let isLoaded = !rows.isEmpty || viewModel.outputs.isEmpty.value
                        console.print(ListMessages.noMorePages("\#(n.phrase)", shown: rows.totalCount, isLoaded: isLoaded))
                        return
                    }
                    inputs.willDisplayRow(rows.totalCount - 1, outOf: rows.totalCount)
                case "refresh":
                    inputs.refresh()
                case "open":
                    let row = try CommandError.row(arguments[0], of: rows.totalCount)
                    inputs.rowTapped(row - 1)
                default:
                    throw CommandError("the \#(n.phrase) list has no command '\(command)'")
                }
            }

            func completions(forArgumentOf command: String) -> [String] {
                command == "open" ? viewModel.outputs.rows.value.indices.map { String($0 + 1) } : []
            }

            private func show(_ rows: ListRows<\#(n.item)Row>) {
                printer.show(rows) { "\#(n.title)" }
            }
        }

        """#
    }

    var plugin: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import AgoraDI

        /// The \#(n.name) feature as the app sees it: its registrations and its destination, the
        /// \#(n.phrase) list (`\#(n.url)`).
        public struct \#(n.name)Plugin: FeaturePlugin {
            public init() {}

            public let name = "\#(n.name)"

            public var assembly: any Assembly { \#(n.name)Assembly() }

            public var destinations: [Destination] {
                [
                    Destination("\#(n.pathSegment)", summary: "the \#(n.phrase) list") { _, context in
                        let resolver = context.resolver
                        let dependency = try \#(n.name)ViewModel.Dependency(
                            fetcher: resolver.resolve(), loader: resolver.resolve(), environment: resolver.resolve())
                        return \#(n.name)Coordinator(dependency: dependency, navigator: context.navigator)
                    },
                ]
            }
        }

        """#
    }

    var route: String {
        let n = names
        return #"""
        import AgoraArchitecture

        extension Route {
            /// The \#(n.phrase) list, which the \#(n.name) feature shows (`\#(n.url)`).
            public static let \#(n.lowerName) = Route(path: "\#(n.pathSegment)")
        }

        """#
    }

    /// The feature library's documentation catalog, which `Scripts/docs` builds.
    var documentation: String {
        let n = names
        return #"""
        # ``\#(n.name)``

        \#(n.title): a list of \#(n.phrase) that follows the cache, each row opening its event.

        ## Overview

        ``\#(n.name)Plugin`` shows one destination, `\#(n.pathSegment)` (``\#(n.name)ViewModel``). The
        feature brings its own client, ``\#(n.name)Service``: the mock value in OSS mode, and in live mode
        one that says the server has no endpoint for \#(n.phrase) yet.

        ## Topics

        ### Plugin

        - ``\#(n.name)Plugin``
        - ``\#(n.name)Assembly``

        ### The list

        - ``\#(n.name)ViewModel``
        - ``\#(n.name)ViewModelType``
        - ``\#(n.name)Coordinator``
        - ``\#(n.item)Row``

        ### Data

        - ``\#(n.item)``
        - ``\#(n.name)Service``
        - ``\#(n.name)UseCase``

        """#
    }

    var screens: String {
        let n = names
        return #"""
        import AgoraArchitecture
        import AgoraTerminalUI
        import \#(n.name)

        /// The \#(n.name) feature in the REPL: the \#(n.phrase) list.
        public struct \#(n.name)Screens: FeatureScreens {
            public init() {}

            public var plugin: any FeaturePlugin { \#(n.name)Plugin() }

            public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
                (viewModel as? any \#(n.name)ViewModelType).map { \#(n.name)Screen(viewModel: $0, console: console) }
            }

            public var screenCommandSets: [ScreenCommandSet] {
                [ScreenCommandSet(place: "the \#(n.phrase) list", link: "\#(n.url)", commands: \#(n.name)Screen.commands)]
            }
        }

        """#
    }

    var assembly: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraCache
        import AgoraDI
        import AgoraModels

        /// \#(n.possessive) registrations: its own client (the mock or the live value, by the app's
        /// `ServiceMode`), its cache and one UseCase, seen as its fetch and load sides.
        ///
        /// Needs from the app: `ServiceMode`, and `ServiceType` (the upcoming events OSS mode's
        /// \#(n.phrase) are made from).
        public struct \#(n.name)Assembly: Assembly {
            public init() {}

            public func assemble(container: Container) {
                container.register((any \#(n.name)Service).self, scope: .container) { resolver in
                    switch try resolver.resolve(ServiceMode.self) {
                    case .oss: return try Mock\#(n.name)Service(service: resolver.resolve())
                    case .live: return Unavailable\#(n.name)Service()
                    }
                }
                // Its own cache, in memory in both modes. To keep it across runs in live mode,
                // register `(any ListCache<\#(n.item)>)` in the app's services assemblies and delete
                // this line (a plugin's registrations are applied after the app's and would win).
                container.register((any ListCache<\#(n.item)>).self, scope: .container) { _ in InMemoryListCache<\#(n.item)>() }
                container.register(\#(n.name)UseCase.self, scope: .container) { resolver in
                    try \#(n.name)UseCase(service: resolver.resolve((any \#(n.name)Service).self), cache: resolver.resolve((any ListCache<\#(n.item)>).self))
                }
                container.register((any \#(n.name)Fetchable).self) { resolver in
                    try resolver.resolve(\#(n.name)UseCase.self)
                }
                container.register((any \#(n.name)Loadable).self) { resolver in
                    try resolver.resolve(\#(n.name)UseCase.self)
                }
            }
        }

        """#
    }
}
