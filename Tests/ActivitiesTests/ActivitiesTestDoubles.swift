import Activities
import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Foundation
import Synchronization

/// The members the tests log in as.
enum Members {
    /// Alice (user 1): a feed of several pages.
    static let alice = Session.demo()
    /// Bob (user 2): another full feed, to switch accounts.
    static let bob = Session.demo(MockData.test.users[1])
    /// Frank (user 6): new, attends nothing, an empty feed.
    static let frank = Session.demo(MockData.test.users[5])
}

/// One request a feed fetcher received: the page's cursor and whose feed.
struct FeedRequest: Hashable, Sendable, CustomStringConvertible {
    var cursor: String?
    var userID: User.ID

    var description: String { "\(cursor ?? "first page") for user \(userID)" }
}

/// A fetcher that answers from the fixtures (each session's own feed) or from pages a test
/// wrote; its ``script`` records every request and can fail or hold one.
final class ActivitiesFetcherSpy: ActivitiesFetchable {
    private enum Source {
        case fixtures(MockData)
        case pages([[Activity]])
    }

    let script = RequestScript<FeedRequest, ServiceError>()
    private let source: Source

    /// Answers with each user's fixture feed.
    init(data: MockData = .test) {
        source = .fixtures(data)
    }

    /// Answers the first request with `pages[0]`, the next with `pages[1]` (cursor "page 1"), and
    /// so on: a test decides exactly what each page holds, overlaps included.
    init(pages: [[Activity]]) {
        source = .pages(pages)
    }

    /// The requests made, in order.
    var requests: [FeedRequest] { script.requests }
    /// The cursors asked for, in order (`nil`: a first page).
    var requestedCursors: [String?] { requests.map(\.cursor) }

    func fetchActivities(after cursor: String?, session: Session) async throws(ServiceError) -> Page<Activity> {
        try await script.enter(FeedRequest(cursor: cursor, userID: session.user.id))
        switch source {
        case .fixtures(let data):
            return try data.activitiesPage(for: session.user.id, ActivitiesRequest(cursor: cursor))
        case .pages(let pages):
            let index = cursor.flatMap { Int($0.dropFirst("page ".count)) } ?? 0
            guard pages.indices.contains(index) else { throw .undecodable("no page \(index)") }
            return Page(items: pages[index], nextCursor: index + 1 < pages.count ? "page \(index + 1)" : nil)
        }
    }
}

/// A loader over a cache the test fills, under the UseCase's list names; remembers whose feed
/// was asked for.
final class CacheLoader: ActivitiesLoadable {
    let cache = InMemoryListCache<Activity>()
    private let asked = Mutex<[User.ID]>([])

    /// The users whose cached feed was read, in order.
    var requestedUserIDs: [User.ID] { asked.withLock { $0 } }

    func loadActivities(userID: User.ID) async -> [Activity] {
        asked.withLock { $0.append(userID) }
        return await cache.items(in: "activities/\(userID)")
    }
}

extension Activity {
    /// An activity `minutesAgo` before the test's reference date, about event `eventID`.
    static func make(
        id: ID, kind: Kind = .rsvped, minutesAgo: Int, eventID: Event.ID = 1, eventTitle: String = "Swift on the Server",
        actor: User? = MockData.test.users[2], excerpt: String? = nil
    ) -> Activity {
        Activity(
            id: id, kind: kind, occurredAt: AgoraEnvironment.testReferenceDate.addingTimeInterval(-Double(minutesAgo) * 60),
            eventID: eventID, eventTitle: eventTitle, actor: kind == .startingSoon ? nil : actor,
            commentID: kind == .commented ? id : nil, excerpt: excerpt
        )
    }
}

/// Keeps coordinators alive for a test's length, as the app's navigation stack does.
@MainActor
final class CoordinatorKeeper {
    private var kept: [any Coordinator] = []

    func keep(_ coordinator: any Coordinator) { kept.append(coordinator) }
}
