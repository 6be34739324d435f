import Activities
import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Foundation
import Synchronization
import Testing

/// The members the tests log in as.
enum Members {
    /// Alice (user 1): a feed of several pages.
    static let alice = Session.demo()
    /// Bob (user 2): another full feed, to switch accounts.
    static let bob = Session.demo(MockData.test.users[1])
    /// Frank (user 6): new, attends nothing, an empty feed.
    static let frank = Session.demo(MockData.test.users[5])
}

extension SessionStore {
    /// The feeds a screen over this store may ask for: its member's, or none while nobody is
    /// logged in.
    var expectedFeeds: Set<User.ID> { session.value.map { [$0.user.id] } ?? [] }
}

/// One request a feed fetcher received: the page's cursor and whose feed.
struct FeedRequest: Hashable, Sendable, CustomStringConvertible {
    var cursor: String?
    var userID: User.ID

    var description: String { "\(cursor ?? "first page") for user \(userID)" }
}

/// A fetcher that answers from the fixtures (each session's own feed) or from pages a test
/// wrote, and keeps each page in its ``cache`` under the UseCase's list names, as the UseCase
/// does; its ``plan`` records every request and can fail or hold one.
///
/// It answers for the members whose feeds the test expects: a request for another member's feed
/// (one who logged out, or nobody's) fails the test, naming that member.
final class ActivitiesFetcherSpy: ActivitiesFetchable {
    private enum Source {
        case fixtures(MockData)
        case pages([[Activity]])
    }

    let plan = RequestPlan<FeedRequest, ServiceError>()
    /// Where fetched pages go; a ``CacheLoader`` over it shows them.
    let cache: InMemoryListCache<Activity>
    private let source: Source
    private let expected: ExpectedRequests<User.ID>

    /// Answers with each user's fixture feed, for the members in `feeds`.
    init(
        expecting feeds: Set<User.ID>, data: MockData = .test, cache: InMemoryListCache<Activity> = InMemoryListCache(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        source = .fixtures(data)
        self.cache = cache
        expected = ExpectedRequests(feeds, of: "ActivitiesFetcherSpy", sourceLocation: sourceLocation)
    }

    /// Answers the first request with `pages[0]`, the next with `pages[1]` (cursor "page 1"), and
    /// so on: a test decides exactly what each page holds, overlaps included. For Alice's feed
    /// alone unless `feeds` says otherwise.
    init(
        pages: [[Activity]], expecting feeds: Set<User.ID> = [Members.alice.user.id], cache: InMemoryListCache<Activity> = InMemoryListCache(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        source = .pages(pages)
        self.cache = cache
        expected = ExpectedRequests(feeds, of: "ActivitiesFetcherSpy", sourceLocation: sourceLocation)
    }

    /// The requests made, in order.
    var requests: [FeedRequest] { plan.requests }
    /// The cursors asked for, in order (`nil`: a first page).
    var requestedCursors: [String?] { requests.map(\.cursor) }

    func fetchActivities(after cursor: String?, session: Session) async throws(ServiceError) -> Page<Activity> {
        try expected.check(session.user.id, "fetchActivities(after:session:)")
        try await plan.enter(FeedRequest(cursor: cursor, userID: session.user.id))
        let page = try answer(after: cursor, userID: session.user.id)
        guard !Task.isCancelled else { return page }
        let list = "activities/\(session.user.id)"
        if cursor == nil {
            await cache.replace(list, with: page.items)
        } else {
            await cache.append(page.items, to: list)
        }
        return page
    }

    private func answer(after cursor: String?, userID: User.ID) throws(ServiceError) -> Page<Activity> {
        switch source {
        case .fixtures(let data):
            return try data.activitiesPage(for: userID, ActivitiesRequest(cursor: cursor))
        case .pages(let pages):
            let index = cursor.flatMap { Int($0.dropFirst("page ".count)) } ?? 0
            guard pages.indices.contains(index) else { throw .undecodable("no page \(index)") }
            return Page(items: pages[index], nextCursor: index + 1 < pages.count ? "page \(index + 1)" : nil)
        }
    }
}

/// A loader over a cache the test fills (or a fetcher spy's), under the UseCase's list names;
/// remembers whose feed was followed. Following the feed of a member the test does not expect
/// fails the test, and follows an empty list.
final class CacheLoader: ActivitiesLoadable {
    let cache: InMemoryListCache<Activity>
    private let asked = Mutex<[User.ID]>([])
    private let expected: ExpectedRequests<User.ID>

    init(expecting feeds: Set<User.ID>, cache: InMemoryListCache<Activity> = InMemoryListCache(), sourceLocation: SourceLocation = #_sourceLocation) {
        self.cache = cache
        expected = ExpectedRequests(feeds, of: "CacheLoader", sourceLocation: sourceLocation)
    }

    /// The users whose cached feed was followed, in order.
    var requestedUserIDs: [User.ID] { asked.withLock { $0 } }

    func cachedActivities(userID: User.ID) -> CachedList<Activity> {
        asked.withLock { $0.append(userID) }
        return cache.cachedList(expected.allows(userID, "cachedActivities(userID:)") ? "activities/\(userID)" : "unexpected")
    }
}

extension Activity {
    /// An activity `minutesAgo` before the test's reference date, about event `eventID`.
    static func make(
        id: ID, kind: Kind = .rsvped, minutesAgo: Int, eventID: Event.ID = 1, eventTitle: String = "Swift on the Server",
        actor: Author? = Author(MockData.test.users[2]), excerpt: String? = nil
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
