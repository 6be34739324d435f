import AgoraAPI
import AgoraModels
import Foundation

/// The deterministic world OSS mode shows: members, upcoming events, their comments and each
/// member's activity feed.
///
/// Everything is computed from `referenceDate` (by default the start of today, UTC), so the same
/// day always gives the same data, and a test that fixes the date gets byte-identical output.
/// Comments are generated from their index when a page is read, so ``busiestEventID`` can have a
/// million of them at no cost. What users change (posts, deletions, RSVPs, sessions) lives in
/// ``MockBackend``, not here.
public struct MockData: Sendable {
    /// Every demo account's password.
    public static let demoPassword = "agora-demo"
    /// The two-factor code of the accounts that need one (Bob).
    public static let twoFactorCode = "424242"
    /// The event with the long comment thread.
    public static let busiestEventID: Event.ID = 1

    public let referenceDate: Date
    public let users: [User]
    /// Upcoming events in list order: by start time, then id.
    public let events: [Event]
    /// How many comments ``busiestEventID`` has.
    public let busiestEventCommentCount: Int

    public init(referenceDate: Date = MockData.startOfToday(), eventCount: Int = 60, busiestEventCommentCount: Int = 1_200) {
        self.referenceDate = referenceDate
        self.busiestEventCommentCount = busiestEventCommentCount
        self.users = MockUsers.all
        self.events = MockEvents.make(count: eventCount, after: referenceDate, hosts: MockUsers.active) { id in
            MockData.commentCount(eventID: id, busiest: busiestEventCommentCount)
        }
    }

    /// Midnight UTC of the current day: the default reference, stable for a whole day.
    public static func startOfToday(now: Date = Date()) -> Date {
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: seconds - seconds.truncatingRemainder(dividingBy: 86_400))
    }

    // MARK: Members

    public func user(id: User.ID) -> User? {
        users.first { $0.id == id }
    }

    /// The account with this email, compared without case or surrounding spaces.
    public func user(email: String) -> User? {
        let email = email.trimmingCharacters(in: .whitespaces).lowercased()
        return users.first { $0.email == email }
    }

    /// Whether the account needs a two-factor code after its password.
    public func requiresTwoFactor(_ user: User) -> Bool {
        MockUsers.twoFactorUserIDs.contains(user.id)
    }

    /// Whether a member is going to an event before anyone changes it: hosts go to their own
    /// events, and each active member to about a third of the others.
    public func attends(userID: User.ID, eventID: Event.ID) -> Bool {
        guard let event = event(id: eventID) else { return false }
        if event.hostID == userID { return true }
        return MockUsers.active.contains { $0.id == userID } && (eventID + userID) % 3 == 0
    }

    // MARK: Events

    public func event(id: Event.ID) -> Event? {
        events.first { $0.id == id }
    }

    /// A page of ``events`` after the keyset `cursor` (`e.<start seconds>.<id>`), of those that
    /// `isIncluded` keeps (all by default).
    public func eventsPage(
        after cursor: String?, limit: Int, where isIncluded: (Event) -> Bool = { _ in true }
    ) throws(ServiceError) -> Page<Event> {
        try KeysetCursor.checkLimit(limit)
        var remaining = events.filter(isIncluded)[...]
        if let key = try KeysetCursor.parse(cursor, tag: "e") {
            remaining = remaining.drop { eventKey($0) <= key }
        }
        let items = Array(remaining.prefix(limit))
        let next = remaining.count > limit ? items.last.map { eventKey($0).description } : nil
        return Page(items: items, nextCursor: next)
    }

    private func eventKey(_ event: Event) -> KeysetCursor {
        KeysetCursor(tag: "e", date: event.startsAt, id: event.id)
    }

    // MARK: Comments

    static func commentCount(eventID: Event.ID, busiest: Int) -> Int {
        eventID == busiestEventID ? busiest : (eventID * 13) % 40
    }

    /// How many comments the fixtures give an event.
    public func commentCount(eventID: Event.ID) -> Int {
        event(id: eventID) == nil ? 0 : Self.commentCount(eventID: eventID, busiest: busiestEventCommentCount)
    }

    /// The generated comment at `index` of an event's thread, 0 being the newest.
    public func comment(eventID: Event.ID, index: Int) -> Comment {
        MockComments.comment(
            eventID: eventID, index: index, count: commentCount(eventID: eventID),
            referenceDate: referenceDate, authors: MockUsers.active
        )
    }

    /// The generated comment with this id, if there is one.
    public func comment(id: Comment.ID) -> Comment? {
        let eventID = id / MockComments.idStride
        let number = id % MockComments.idStride
        let count = commentCount(eventID: eventID)
        guard number >= 1, number <= count else { return nil }
        return comment(eventID: eventID, index: count - number)
    }

    /// A page of an event's comments, newest first, after the keyset `cursor`
    /// (`c.<created seconds>.<id>`): `newer` (comments users posted, newest first) come before
    /// the generated ones; ids in `hidden` (deleted) are skipped.
    public func commentsPage(
        _ request: CommentsRequest,
        newer: [Comment] = [],
        hidden: Set<Comment.ID> = []
    ) throws(ServiceError) -> Page<Comment> {
        try KeysetCursor.checkLimit(request.limit)
        guard event(id: request.eventID) != nil else { throw .notFound("event \(request.eventID)") }
        let cursor = try KeysetCursor.parse(request.cursor, tag: "c")
        func isAfterCursor(_ comment: Comment) -> Bool { cursor.map { commentKey(comment) < $0 } ?? true }

        // One more than asked for, to know whether there is a next page.
        var items = Array(newer.lazy.filter { !hidden.contains($0.id) && isAfterCursor($0) }.prefix(request.limit + 1))
        let count = commentCount(eventID: request.eventID)
        var index = firstGeneratedIndex(after: cursor, eventID: request.eventID, count: count)
        while items.count <= request.limit, index < count {
            let comment = comment(eventID: request.eventID, index: index)
            if !hidden.contains(comment.id) { items.append(comment) }
            index += 1
        }
        let hasMore = items.count > request.limit
        let page = Array(items.prefix(request.limit))
        return Page(items: page, nextCursor: hasMore ? page.last.map { commentKey($0).description } : nil)
    }

    /// The index of the first generated comment strictly after `cursor`: generated comments are
    /// in strictly descending key order, so a binary search finds it in O(log n). It compares
    /// keys worked out from the index, never whole comments, so page 50,000 costs about what
    /// page 1 does.
    private func firstGeneratedIndex(after cursor: KeysetCursor?, eventID: Event.ID, count: Int) -> Int {
        guard let cursor else { return 0 }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let createdAt = MockComments.createdAt(eventID: eventID, index: middle, referenceDate: referenceDate)
            let seconds = Int(createdAt.timeIntervalSince1970.rounded(.down))  // as a cursor keeps it
            if cursor.follows(seconds: seconds, id: MockComments.id(eventID: eventID, index: middle, count: count)) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    func commentKey(_ comment: Comment) -> KeysetCursor {
        KeysetCursor(tag: "c", date: comment.createdAt, id: comment.id)
    }

    // MARK: Activities

    /// A member's whole feed, newest first.
    public func activities(for userID: User.ID) -> [Activity] {
        guard let user = user(id: userID) else { return [] }
        return MockActivities.feed(for: user, in: self)
    }

    /// A page of a member's feed after the keyset `cursor` (`a.<seconds>.<id>`): `newer`
    /// (entries users' changes made) among the fixture's, without the entries of `hidden`
    /// comments.
    public func activitiesPage(
        for userID: User.ID, _ request: ActivitiesRequest, newer: [Activity] = [], hidden: Set<Comment.ID> = []
    ) throws(ServiceError) -> Page<Activity> {
        try KeysetCursor.checkLimit(request.limit)
        let cursor = try KeysetCursor.parse(request.cursor, tag: "a")
        let feed = (newer + activities(for: userID)).filter { $0.commentID.map { !hidden.contains($0) } ?? true }
        let remaining = feed.sorted { MockActivities.key($0) > MockActivities.key($1) }
            .filter { activity in cursor.map { MockActivities.key(activity) < $0 } ?? true }
        let items = Array(remaining.prefix(request.limit))
        let next = remaining.count > request.limit ? items.last.map { MockActivities.key($0).description } : nil
        return Page(items: items, nextCursor: next)
    }
}
