/// The text of every file a new feature gets, for one ``FeatureName``.
///
/// The shape is the Events feature's: a domain model in AgoraModels, a request and a
/// `ServiceType` endpoint in AgoraAPI, fixtures in AgoraMocks; the feature library (Models,
/// UseCase, ViewModel, Coordinator, Plugin) and beside it its REPL view (its screen and the
/// `FeatureScreens` value); tests with a Recorder and a transcript.
struct FeatureTemplates {
    let names: FeatureName

    /// How many items the fixtures have: a first page of 20 and part of a second.
    static let fixtureCount = 25
    /// The page size of the request (as every list of the app).
    static let pageSize = 20
    /// How many upcoming events the fixtures have (MockData's default).
    static let fixtureEventCount = 60
    /// Item `id` is about the upcoming event at this index: spread over the list, not the row.
    static func eventIndex(ofItem id: Int, eventCount: Int = fixtureEventCount) -> Int {
        (id * 7) % eventCount
    }

    /// The title fixture item `id` has: "Poll 3".
    func fixtureTitle(_ id: Int) -> String { "\(names.itemTitle) \(id)" }
    /// The summary fixture item `id` has.
    func fixtureSummary(_ id: Int) -> String { "About upcoming event #\(Self.eventIndex(ofItem: id) + 1)" }

    /// Every new file, by path relative to the package root.
    var files: [(path: String, contents: String)] {
        let n = names
        return [
            ("Modules/Core/AgoraModels/\(n.item).swift", model),
            ("Modules/Services/AgoraAPI/\(n.name)Request.swift", request),
            ("Modules/Services/AgoraAPI/ServiceType+\(n.name).swift", serviceDefault),
            ("Modules/Services/AgoraMocks/Fixtures/Mock\(n.name).swift", mockFixtures),
            ("Modules/Services/AgoraMocks/MockService+\(n.name).swift", mockService),
            ("\(n.libraryFolder)/Models/\(n.item)Row.swift", row),
            ("\(n.libraryFolder)/UseCase/\(n.name)Fetchable.swift", fetchable),
            ("\(n.libraryFolder)/UseCase/\(n.name)UseCase.swift", useCase),
            ("\(n.libraryFolder)/ViewModel/\(n.name)ViewModel.swift", viewModel),
            ("\(n.libraryFolder)/Coordinator/\(n.name)Coordinator.swift", coordinator),
            ("\(n.libraryFolder)/Plugin/\(n.name)Plugin.swift", plugin),
            ("\(n.libraryFolder)/Plugin/\(n.name)Assembly.swift", assembly),
            ("\(n.libraryFolder)/Plugin/Route+\(n.name).swift", route),
            ("\(n.replFolder)/Screens/\(n.name)Screen.swift", screen),
            ("\(n.replFolder)/\(n.name)Screens.swift", screens),
            ("Tests/\(n.testTarget)/\(n.name)TestDoubles.swift", testDoubles),
            ("Tests/\(n.testTarget)/\(n.name)ViewModelTests.swift", viewModelTests),
            ("Tests/\(n.testTarget)/\(n.name)CoordinatorTests.swift", coordinatorTests),
            ("Tests/\(n.testTarget)/\(n.name)UseCaseTests.swift", useCaseTests),
            ("Tests/AgoraREPLTests/Transcripts/\(n.transcriptName).transcript", TranscriptTemplate(templates: self).text),
        ]
    }

    // MARK: Model, request, service

    var model: String {
        let n = names
        return #"""
        /// One \#(n.itemPhrase), as the API sends it: what the \#(n.name) feature lists.
        ///
        /// Made by `Scripts/new-feature`: give it the fields the feature needs; the fixtures
        /// (`Mock\#(n.name)` in AgoraMocks) and the row (`\#(n.item)Row` in \#(n.name)) follow.
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

    var request: String {
        let n = names
        return #"""
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

        """#
    }

    /// The requirement added to `ServiceType`, inserted before its closing brace.
    var serviceRequirement: String {
        let n = names
        return #"""

            // MARK: \#(n.name)

            /// \#(n.title), one page at a time. agora-server has no endpoint for them yet: see
            /// `ServiceType+\#(n.name).swift`.
            func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)>

        """#
    }

    /// What live mode says when the feature asks for its data.
    var unimplementedEndpoint: String { "\(names.title) (not on agora-server yet)" }

    var serviceDefault: String {
        let n = names
        return #"""
        import AgoraModels

        extension ServiceType {
            /// What a service without a \#(n.phrase) endpoint answers: ``ServiceError/unimplemented(_:)``,
            /// which a screen shows as "\#(unimplementedEndpoint) is not available in this mode."
            ///
            /// It keeps live mode building and honest until agora-server serves \#(n.phrase): add the
            /// path to openapi.yaml, run Scripts/generate-openapi, implement it in `LiveService`, then
            /// delete this default. `MockService` answers from its fixtures.
            public func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)> {
                throw .unimplemented("\#(unimplementedEndpoint)")
            }
        }

        """#
    }

    var mockFixtures: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraModels

        /// The \#(n.phrase) OSS mode shows, computed from the upcoming events so the same day gives
        /// the same \#(n.phrase): ``count`` of them, each about one event.
        enum Mock\#(n.name) {
            /// How many there are: a first page and part of a second.
            static let count = \#(Self.fixtureCount)
            /// The mock's cursors are `\#(n.lowerName).<id of the last one seen>`.
            static let cursorTag = "\#(n.lowerName)"

            static func make(events: [Event]) -> [\#(n.item)] {
                guard !events.isEmpty else { return [] }
                return (1...count).map { id in
                    // Spread over the events, so a row's number is not its event's.
                    let index = (id * 7) % events.count
                    return \#(n.item)(
                        id: id, title: "\#(n.itemTitle) \(id)", summary: "About upcoming event #\(index + 1)",
                        eventID: events[index].id
                    )
                }
            }
        }

        extension MockData {
            /// Every \#(n.itemPhrase) of the fixtures, in list order.
            public var \#(n.lowerName): [\#(n.item)] { Mock\#(n.name).make(events: events) }

            /// A page of ``\#(n.lowerName)`` after `cursor`.
            public func \#(n.lowerName)Page(after cursor: String?, limit: Int) throws(ServiceError) -> Page<\#(n.item)> {
                try KeysetCursor.checkLimit(limit)
                var remaining = \#(n.lowerName)[...]
                if let cursor {
                    let parts = cursor.split(separator: ".")
                    guard parts.count == 2, parts[0] == Mock\#(n.name).cursorTag, let lastID = Int(parts[1]) else {
                        throw .invalidInput(field: "cursor", reason: "not a cursor this server issued")
                    }
                    remaining = remaining.drop { $0.id <= lastID }
                }
                let items = Array(remaining.prefix(limit))
                let next = remaining.count > limit ? items.last.map { "\(Mock\#(n.name).cursorTag).\($0.id)" } : nil
                return Page(items: items, nextCursor: next)
            }
        }

        """#
    }

    var mockService: String {
        let n = names
        return #"""
        import AgoraAPI
        import AgoraModels

        extension MockService {
            /// \#(n.title) from the fixtures, ``MockData/\#(n.lowerName)Page(after:limit:)``. No per-endpoint
            /// knob yet: add a `MockEndpoint` property like `fetchEvents` when a test needs one.
            public func \#(n.serviceMethod)(_ request: \#(n.name)Request) async throws(ServiceError) -> Page<\#(n.item)> {
                try data.\#(n.lowerName)Page(after: request.cursor, limit: request.limit)
            }
        }

        """#
    }
}
