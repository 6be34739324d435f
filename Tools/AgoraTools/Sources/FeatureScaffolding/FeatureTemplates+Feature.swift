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
                    .input("viewDidLoad") { $0.viewDidLoad() }.sent(by: "the screen appearing"),
                    .input("refresh") { $0.refresh() }.sent(by: "`refresh`"),
                    .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }.sent(by: "`more`"),
                    .input("rowTapped", "row") { $0.rowTapped($1) }.sent(by: "`open <n>`, row n - 1"),
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
}
