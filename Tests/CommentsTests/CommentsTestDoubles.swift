import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Comments
import Synchronization

/// A fetcher that answers from the fixtures; its ``script`` records every page's cursor (`nil`
/// for a first page) and can fail or hold one.
final class CommentsFetcherSpy: CommentsFetchable {
    let data: MockData
    let script = RequestScript<String?, ServiceError>()

    init(data: MockData = .test) {
        self.data = data
    }

    /// The cursors asked for, in order: `nil` for a first page.
    var requestedCursors: [String?] { script.requests }

    func fetchComments(eventID: Event.ID, after cursor: String?) async throws(ServiceError) -> Page<Comment> {
        try await script.enter(cursor)
        return try data.commentsPage(CommentsRequest(eventID: eventID, cursor: cursor))
    }
}

/// A loader over a cache the test fills.
struct CommentsCacheLoader: CommentsLoadable {
    let cache = InMemoryListCache<Comment>()

    func loadComments(eventID: Event.ID) async -> [Comment] {
        await cache.items(in: CommentsUseCase.list(eventID: eventID))
    }
}

/// Posts and deletes by recording each request ("post 'Hi' on 1 as 1", "delete 42 as 1");
/// a post answers with a new comment by the token's user, ids counting from 9,000,000,000,001.
final class CommentsPosterSpy: CommentsPostable {
    let data: MockData
    let script = RequestScript<String, ServiceError>()
    private let lastID = Mutex(9_000_000_000_000)

    init(data: MockData = .test) {
        self.data = data
    }

    var requests: [String] { script.requests }

    func postComment(_ draft: CommentDraft, token: AccessToken) async throws(ServiceError) -> Comment {
        let userID = Self.userID(token)
        try await script.enter("post '\(draft.body)' on \(draft.eventID) as \(userID)")
        guard let author = data.user(id: userID) else { throw .unauthorized }
        let id = lastID.withLock { id in
            id += 1
            return id
        }
        return Comment(id: id, eventID: draft.eventID, author: author, body: draft.body, createdAt: data.referenceDate)
    }

    func deleteComment(id: Comment.ID, token: AccessToken) async throws(ServiceError) {
        try await script.enter("delete \(id) as \(Self.userID(token))")
    }

    /// The user id in a demo token ("oss.1.test" → 1).
    static func userID(_ token: AccessToken) -> Int {
        Int(token.rawValue.split(separator: ".")[1]) ?? 0
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
