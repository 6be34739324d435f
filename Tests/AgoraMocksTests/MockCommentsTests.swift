import AgoraAPI
import AgoraMocks
import AgoraModels
import Foundation
import Testing

@Suite("MockData: comments")
struct MockCommentsTests {
    @Test("given the busiest event, when counted, then it has at least 1,000 comments, and its event says so")
    func busiestThread() {
        #expect(fixtures.commentCount(eventID: MockData.busiestEventID) >= 1_000)
        #expect(fixtures.event(id: MockData.busiestEventID)?.commentCount == fixtures.commentCount(eventID: MockData.busiestEventID))
    }

    @Test("given the busiest thread, when read page by page, then every comment comes once, newest first, and the pages end")
    func pagesCoverTheThread() throws {
        var cursor: String?
        var seen: [AgoraModels.Comment] = []
        var pages = 0
        repeat {
            let page = try fixtures.commentsPage(CommentsRequest(eventID: 1, cursor: cursor, limit: 100))
            seen += page.items
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 100

        #expect(seen.count == fixtures.commentCount(eventID: 1))
        #expect(Set(seen.map(\.id)).count == seen.count)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.createdAt > $1.createdAt })
        #expect(pages == 12)
    }

    @Test("given a million comments, when page 5,000 is read by its cursor, then it answers the right comments at once")
    func millionCommentThread() throws {
        let big = MockData(referenceDate: referenceDate, busiestEventCommentCount: 1_000_000)
        let first = try big.commentsPage(CommentsRequest(eventID: 1, limit: 20))
        let cursor = try #require(first.nextCursor)
        let second = try big.commentsPage(CommentsRequest(eventID: 1, cursor: cursor, limit: 20))

        #expect(second.items.first == big.comment(eventID: 1, index: 20))
        #expect(second.items.count == 20)
    }

    @Test("given comments posted and deleted, when a page is read, then posted ones come first and deleted ones are gone")
    func newerAndHidden() throws {
        let posted = AgoraModels.Comment(id: 9_000_000_000_001, eventID: 2, author: Author(fixtures.users[0]), body: "new", createdAt: referenceDate)
        let oldest = fixtures.comment(eventID: 2, index: 0)
        let page = try fixtures.commentsPage(CommentsRequest(eventID: 2, limit: 3), newer: [posted], hidden: [oldest.id])

        #expect(page.items.first == posted)
        #expect(!page.items.contains(oldest))
        #expect(page.items.count == 3)
    }

    @Test("given a cursor the mock did not issue, an unknown event or a bad limit, when read, then each is refused by name")
    func badRequests() {
        #expect(throws: ServiceError.invalidInput(field: "cursor", reason: "not a cursor this server issued")) {
            try fixtures.commentsPage(CommentsRequest(eventID: 1, cursor: "e.1.1"))
        }
        #expect(throws: ServiceError.notFound("event 999")) { try fixtures.commentsPage(CommentsRequest(eventID: 999)) }
        #expect(throws: ServiceError.invalidInput(field: "limit", reason: "expected 1...100, got 0")) {
            try fixtures.commentsPage(CommentsRequest(eventID: 1, limit: 0))
        }
    }

    @Test("comments are written by the active members, some in Japanese")
    func authorsAndLanguages() throws {
        let page = try fixtures.commentsPage(CommentsRequest(eventID: 1, limit: 100))
        #expect(Set(page.items.map(\.author.id)).isSubset(of: [1, 2, 3, 4, 5]))
        #expect(page.items.contains { $0.body.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
    }
}

@Suite("MockData: activity feeds")
struct MockActivitiesTests {
    @Test("given Alice, when her whole feed is read, then it has each kind, newest first, each activity once")
    func aliceFeed() {
        let feed = fixtures.activities(for: 1)

        #expect(feed.count > 40)
        #expect(Set(feed.map(\.kind)) == Set(Activity.Kind.allCases))
        #expect(Set(feed.map(\.id)).count == feed.count)
        #expect(zip(feed, feed.dropFirst()).allSatisfy { $0.occurredAt >= $1.occurredAt })
        #expect(feed.filter { $0.kind == .commented }.allSatisfy { $0.actor?.id != 1 })
    }

    @Test("given Frank, who attends nothing, when his feed is read, then it is empty")
    func frankFeed() throws {
        let page = try fixtures.activitiesPage(for: 6, ActivitiesRequest())
        #expect(page.items.isEmpty)
        #expect(page.nextCursor == nil)
    }

    @Test("given Alice's feed, when read in pages, then the pages join into the whole feed")
    func pages() throws {
        var cursor: String?
        var seen: [Activity] = []
        repeat {
            let page = try fixtures.activitiesPage(for: 1, ActivitiesRequest(cursor: cursor))
            seen += page.items
            cursor = page.nextCursor
        } while cursor != nil && seen.count < 1_000

        #expect(seen == fixtures.activities(for: 1))
    }
}
