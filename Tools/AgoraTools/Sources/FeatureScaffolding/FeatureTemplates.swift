/// The text of every file a new feature gets, for one ``FeatureName``.
///
/// The shape is the Events feature's, with everything inside the feature's own folders: the
/// feature library (Models with its domain model, UseCase with its own client — a protocol, a
/// mock value and a live value, picked by `ServiceMode` — ViewModel, Coordinator, Plugin) and
/// beside it its REPL view (its screen and the `FeatureScreens` value); tests with a Recorder and
/// a transcript. No shared module gets a file or a member.
struct FeatureTemplates {
    let names: FeatureName

    /// How many items the mock has: a first page of 20 and part of a second.
    static let fixtureCount = 25
    /// The page size of the request (as every list of the app).
    static let pageSize = 20
    /// How many upcoming events the mock's items are about: the first page of events
    /// (`EventsRequest.defaultLimit`), which the mock asks the app's service for.
    static let fixtureEventCount = 20
    /// Item `id` is about the upcoming event at this index: spread over the list, not the row.
    static func eventIndex(ofItem id: Int, eventCount: Int = fixtureEventCount) -> Int {
        (id * 7) % eventCount
    }

    /// The title fixture item `id` has: "Poll 3".
    func fixtureTitle(_ id: Int) -> String { "\(names.itemTitle) \(id)" }
    /// The summary fixture item `id` has.
    func fixtureSummary(_ id: Int) -> String { "About upcoming event #\(Self.eventIndex(ofItem: id) + 1)" }
    /// The mock's cursor after item `id`: `polls.20`.
    func fixtureCursor(after id: Int) -> String { "\(names.lowerName).\(id)" }

    /// Every new file, by path relative to the package root: all in the feature's folders, its
    /// test target and its transcript.
    var files: [(path: String, contents: String)] {
        let n = names
        return [
            ("\(n.libraryFolder)/Models/\(n.item).swift", model),
            ("\(n.libraryFolder)/Models/\(n.item)Row.swift", row),
            ("\(n.libraryFolder)/UseCase/\(n.name)Service.swift", service),
            ("\(n.libraryFolder)/UseCase/Mock\(n.name)Service.swift", mockService),
            ("\(n.libraryFolder)/UseCase/Unavailable\(n.name)Service.swift", unavailableService),
            ("\(n.libraryFolder)/UseCase/\(n.name)Fetchable.swift", fetchable),
            ("\(n.libraryFolder)/UseCase/\(n.name)UseCase.swift", useCase),
            ("\(n.libraryFolder)/ViewModel/\(n.name)ViewModel.swift", viewModel),
            ("\(n.libraryFolder)/Coordinator/\(n.name)Coordinator.swift", coordinator),
            ("\(n.libraryFolder)/Plugin/\(n.name)Plugin.swift", plugin),
            ("\(n.libraryFolder)/Plugin/\(n.name)Assembly.swift", assembly),
            ("\(n.libraryFolder)/Plugin/Route+\(n.name).swift", route),
            ("\(n.replFolder)/Screens/\(n.name)Screen.swift", screen),
            ("\(n.replFolder)/Inputs/\(n.name)Inputs.swift", tracedInputs),
            ("\(n.replFolder)/\(n.name)Screens.swift", screens),
            ("\(n.libraryFolder)/\(n.name).docc/\(n.name).md", documentation),
            ("Tests/\(n.testTarget)/\(n.name)TestDoubles.swift", testDoubles),
            ("Tests/\(n.testTarget)/\(n.name)ServiceTests.swift", serviceTests),
            ("Tests/\(n.testTarget)/\(n.name)ViewModelTests.swift", viewModelTests),
            ("Tests/\(n.testTarget)/\(n.name)CoordinatorTests.swift", coordinatorTests),
            ("Tests/\(n.testTarget)/\(n.name)UseCaseTests.swift", useCaseTests),
            ("\(FeatureScaffolder.Paths.transcripts)/\(n.transcriptName).transcript", TranscriptTemplate(templates: self).text),
        ]
    }

    // MARK: Model and the feature's own client

    var model: String {
        let n = names
        return #"""
        import AgoraModels

        /// One \#(n.itemPhrase), as the \#(n.name) feature lists it. It is the feature's own, not
        /// AgoraModels': no other feature sees it.
        ///
        /// Made by `Scripts/new-feature`: give it the fields the feature needs; the mock
        /// (`Mock\#(n.name)Service`) and the row (`\#(n.item)Row`) follow.
        public struct \#(n.item): Identifiable, Hashable, Sendable, Codable {
            public typealias ID = Int

            public let id: ID
            public var title: String
            public var summary: String
            /// The event it is about: its row opens that event.
            public var eventID: Event.ID

            public init(id: ID, title: String, summary: String, eventID: Event.ID) {
                self.id = id
                self.title = title
                self.summary = summary
                self.eventID = eventID
            }
        }

        """#
    }

    var service: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraModels

        /// A request for one page of \#(n.phrase).
        public struct \#(n.name)Request: Hashable, Sendable {
            /// Where to continue; `nil` asks for the first page.
            public var cursor: String?
            /// How many \#(n.phrase) at most.
            public var limit: Int

            /// The page size the apps use.
            public static let defaultLimit = \#(Self.pageSize)

            public init(cursor: String? = nil, limit: Int = \#(n.name)Request.defaultLimit) {
                self.cursor = cursor
                self.limit = limit
            }
        }

        /// Where \#(n.phrase) come from: the feature's own client, not a requirement of the app's
        /// `ServiceType`. It has two values, picked by `ServiceMode` in `\#(n.name)Assembly`:
        /// ``Mock\#(n.name)Service`` in OSS mode, ``Unavailable\#(n.name)Service`` in live mode.
        public protocol \#(n.name)Service: Sendable {
            /// \#(n.title), one page at a time.
            func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)>
        }

        """#
    }

    /// What live mode says when the feature asks for its data.
    var unimplementedEndpoint: String { "\(names.title) (not on agora-server yet)" }

    var mockService: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraModels

        /// OSS mode's \#(n.phrase): ``count`` of them, each about one of the upcoming events on the
        /// first page, which it asks the app's service for, so the same day gives the same \#(n.phrase).
        ///
        /// The feature does not see the mock's fixtures (AgoraMocks), so it reads the events as any
        /// client would.
        public struct Mock\#(n.name)Service: \#(n.name)Service {
            /// How many there are: a first page and part of a second.
            public static let count = \#(Self.fixtureCount)
            /// The mock's cursors are `\#(n.lowerName).<id of the last one seen>`.
            static let cursorTag = "\#(n.lowerName)"

            private let service: any ServiceType

            /// - Parameter service: where the upcoming events come from (`MockService` in OSS mode).
            public init(service: any ServiceType) {
                self.service = service
            }

            /// The \#(n.phrase) made from `events` (the first page of upcoming events), in list order:
            /// ``count`` of them, spread over the events so a row's number is not its event's; none
            /// when there are no events. Tests compute what to expect with it.
            public static func items(for events: [Event]) -> [\#(n.item)] {
                guard !events.isEmpty else { return [] }
                return (1...count).map { id in
                    let index = (id * 7) % events.count
                    return \#(n.item)(
                        id: id, title: "\#(n.itemTitle) \(id)", summary: "About upcoming event #\(index + 1)",
                        eventID: events[index].id
                    )
                }
            }

            public func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)> {
                guard (1...100).contains(request.limit) else {
                    throw .invalidInput(field: "limit", reason: "expected 1...100, got \(request.limit)")
                }
                var lastID: \#(n.item).ID?
                if let cursor = request.cursor {
                    let parts = cursor.split(separator: ".")
                    guard parts.count == 2, parts[0] == Self.cursorTag, let id = Int(parts[1]) else {
                        throw .invalidInput(field: "cursor", reason: "not a cursor this server issued")
                    }
                    lastID = id
                }
                let events = try await service.fetchEvents(EventsRequest()).items
                var remaining = Self.items(for: events)[...]
                if let lastID {
                    remaining = remaining.drop { $0.id <= lastID }
                }
                let items = Array(remaining.prefix(request.limit))
                let next = remaining.count > request.limit ? items.last.map { "\(Self.cursorTag).\($0.id)" } : nil
                return Page(items: items, nextCursor: next)
            }
        }

        """#
    }

    var unavailableService: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraModels

        /// Live mode's \#(n.phrase): agora-server has no endpoint for them yet, so every request
        /// answers `ServiceError.unimplemented(_:)`, which a screen shows as
        /// "\#(unimplementedEndpoint) is not available in this mode."
        ///
        /// It keeps live mode building and honest until agora-server serves \#(n.phrase). To make it
        /// real: add the path to openapi.yaml, run Scripts/generate-openapi and serve it in
        /// agora-server; then give `ServiceType` a `\#(n.serviceMethod)` requirement with a default
        /// that throws `.unimplemented` (so `MockService` needs nothing), implement it in
        /// `LiveService` over the generated client — a feature library speaks no HTTP itself — and
        /// replace this type with a `Live\#(n.name)Service` that forwards to it, registered for
        /// `ServiceMode.live` in `\#(n.name)Assembly`.
        public struct Unavailable\#(n.name)Service: \#(n.name)Service {
            public init() {}

            public func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)> {
                throw .unimplemented("\#(unimplementedEndpoint)")
            }
        }

        """#
    }
}
