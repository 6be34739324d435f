import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Comments
import Testing

/// The Comments feature as a test drives it: the real UseCase, an in-memory cache and outbox,
/// over a MockCommentsService whose requests pass through request plans that record them and can
/// fail or hold one (`pages`: each page's cursor, `nil` for a first page; `changes`: "post 'Hi' on 1
/// as 1", "delete 42 as 1"). Posted comments get ids from 9,000,000,000,001 and the reference
/// date, as MockBackend gives them.
final class CommentsWorld: Sendable {
    let pages = RequestPlan<String?, ServiceError>()
    let changes = RequestPlan<String, ServiceError>()
    let cache = InMemoryListCache<Comment>()
    let events = InMemoryListCache<Event>()
    let outbox: InMemoryOutbox<OutgoingComment>
    let mock: MockCommentsService
    let useCase: CommentsUseCase

    /// - Parameters:
    ///   - mock: the service behind the plans; its knobs still apply (a lost answer).
    ///   - outbox: the outbox, shared with another world to simulate a restart.
    init(
        mock: MockCommentsService = .comments(),
        outbox: InMemoryOutbox<OutgoingComment> = InMemoryOutbox()
    ) {
        self.mock = mock
        self.outbox = outbox
        useCase = CommentsUseCase(service: ScriptedService(base: mock, pages: pages, changes: changes), cache: cache, events: events, outbox: outbox)
    }

    /// What a ViewModel needs, every side the UseCase.
    func dependency(sessions: SessionStore) -> CommentsViewModel.Dependency {
        .init(fetcher: useCase, loader: useCase, poster: useCase, queue: useCase, sessions: sessions, environment: .test())
    }

    /// The bodies of `eventID`'s comments the server has, newest first (the first 50).
    func serverBodies(eventID: Event.ID = CommentsFixtures.busyEventID) async throws -> [String] {
        try await mock.fetchComments(CommentsRequest(eventID: eventID, limit: 50)).items.map(\.body)
    }
}

extension MockCommentsService {
    /// What a comments test talks to: the comment endpoints answer from the fixtures at the
    /// reference date (`change` may set any of them otherwise), and every other endpoint fails the
    /// test, naming the call: a comments screen that asked for events or a login would be seen.
    static func comments(sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout MockCommentsService) -> Void = { _ in }) -> MockCommentsService {
        MockCommentsService.unimplemented(now: { AgoraEnvironment.testReferenceDate }, sourceLocation: sourceLocation) {
            $0.fetchComments = .fixtures
            $0.postComment = .fixtures
            $0.deleteComment = .fixtures
            change(&$0)
        }
    }
}

/// A MockCommentsService whose comment requests are entered in request plans first.
struct ScriptedService: CommentsService {
    let base: MockCommentsService
    let pages: RequestPlan<String?, ServiceError>
    let changes: RequestPlan<String, ServiceError>

    func fetchComments(_ request: CommentsRequest) async throws(ServiceError) -> Page<Comment> {
        try await pages.enter(request.cursor)
        return try await base.fetchComments(request)
    }

    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        try await changes.enter("post '\(draft.body)' on \(draft.eventID) as \(Self.userID(token))")
        return try await base.postComment(draft, token: token)
    }

    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await changes.enter("delete \(id) as \(Self.userID(token))")
        try await base.deleteComment(id: id, token: token)
    }

    /// The user id in a demo token ("oss.1.test" → 1).
    static func userID(_ token: AccessToken) -> Int {
        Int(token.rawValue.split(separator: ".").dropFirst().first ?? "") ?? 0
    }
}

/// Fixture facts the tests lean on, computed rather than hard-coded where they can be.
enum CommentsFixtures {
    /// The event with 1,200 comments.
    static let busyEventID = MockData.busiestEventID
    /// An event with 26 comments: a full page and a short one.
    static let twoPageEventID = 2
    /// An event with no comments ((40 × 13) % 40 = 0).
    static let quietEventID = 40

    /// The first page of an event's comments, as the fixtures give it.
    static func firstPage(eventID: Event.ID = busyEventID) -> Page<Comment> {
        try! MockData.test.commentsPage(CommentsRequest(eventID: eventID))
    }

    /// The row of Alice's (user 1, `Session.demo()`) first comment on the busy event's first page.
    static var aliceRow: Int {
        firstPage().items.firstIndex { $0.author.id == 1 }!
    }
}

/// Agora's comment, not swift-testing's `Comment` (a test's note), in this test target.
typealias Comment = AgoraModels.Comment

/// Holds coordinators for as long as a test runs, as the REPL's navigation stack does.
@MainActor
final class CoordinatorStack {
    private(set) var coordinators: [any Coordinator] = []

    func push(_ coordinator: any Coordinator) { coordinators.append(coordinator) }
}
