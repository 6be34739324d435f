/// The templates of a feature's REPL screen, its plugin, route, assembly and documentation.
extension FeatureTemplates {
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
                    throw CommandError("The \#(n.phrase) list has no command '\(command)'.")
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
                container.register((any \#(n.name)Fetchable).self, forwardingTo: \#(n.name)UseCase.self) { $0 }
                container.register((any \#(n.name)Loadable).self, forwardingTo: \#(n.name)UseCase.self) { $0 }
            }
        }

        """#
    }
}
