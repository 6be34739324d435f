import AgoraAPI
import AgoraModels
import Foundation

/// What users changed, behind the backend's lock; each method is one request.
struct MockBackendState {
    let data: MockData
    let now: @Sendable () -> Date

    var revokedTokens: Set<String> = []
    var challenges: [TwoFactorChallenge.ID: User.ID] = [:]
    var challengeCount = 0
    var resentCodes: [TwoFactorChallenge.ID: Int] = [:]
    /// Posted comments per event, newest first.
    var posted: [Event.ID: [Comment]] = [:]
    var deleted: Set<Comment.ID> = []
    var deletedCount: [Event.ID: Int] = [:]
    /// The comment each (author, client id) created, so a repeated post answers it again.
    var postedByClientID: [AuthorClientID: Comment] = [:]
    var nextCommentID = 9_000_000_000_000
    var going: [EventUser: Bool] = [:]
    /// Who said they go in this process, per event, the latest first.
    var latestGoing: [Event.ID: [User.ID]] = [:]
    /// The feed entries this process's comments and answers made, per member, newest first.
    var feedEntries: [User.ID: [Activity]] = [:]
    /// The id of the last guest's entry made: past the fixture's ranges of ids.
    var lastGuestEntryID = 40_000_000_000_000
    /// What came into or left members' feeds since the backend last took it
    /// (``takeFeedChanges()``), to be told to those members' followers.
    private var feedChanges: [(member: User.ID, change: MemberChange)] = []

    struct EventUser: Hashable {
        let eventID: Event.ID
        let userID: User.ID
    }

    struct AuthorClientID: Hashable {
        let authorID: User.ID
        let clientID: String
    }

    init(data: MockData, now: @escaping @Sendable () -> Date) {
        self.data = data
        self.now = now
    }

    // MARK: Auth

    mutating func login(_ credentials: LoginCredentials) throws(ServiceError) -> LoginOutcome {
        guard let user = data.user(email: credentials.email), credentials.password == MockData.demoPassword else {
            throw .invalidCredentials
        }
        guard data.requiresTwoFactor(user) else { return .loggedIn(issueSession(for: user)) }
        challengeCount += 1
        let challenge = TwoFactorChallenge(id: "2fa.\(user.id).\(challengeCount)", destination: MockBackend.mask(user.email))
        challenges[challenge.id] = user.id
        return .twoFactorRequired(challenge)
    }

    mutating func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) throws(ServiceError) -> Session {
        guard let userID = challenges[challenge], let user = data.user(id: userID) else { throw .invalidTwoFactorCode }
        guard code.trimmingCharacters(in: .whitespaces) == MockData.twoFactorCode else { throw .invalidTwoFactorCode }
        challenges[challenge] = nil
        return issueSession(for: user)
    }

    mutating func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) throws(ServiceError) {
        guard challenges[challenge] != nil else { throw .notFound("login challenge") }
        resentCodes[challenge, default: 0] += 1
    }

    mutating func logout(_ token: AccessToken) throws(ServiceError) {
        _ = try user(for: token)
        revokedTokens.insert(token.rawValue)
    }

    /// The member a token belongs to, or `.unauthorized`.
    func user(for token: AccessToken) throws(ServiceError) -> User {
        let parts = token.rawValue.split(separator: ".")
        guard parts.count == 3, parts[0] == "oss", let id = Int(parts[1]), let user = data.user(id: id),
            !revokedTokens.contains(token.rawValue)
        else { throw .unauthorized }
        return user
    }

    private func issueSession(for user: User) -> Session {
        let nonce = UInt64.random(in: 0...UInt64.max)
        return Session(token: AccessToken("oss.\(user.id).\(String(nonce, radix: 16))"), user: user)
    }

    // MARK: Events

    func eventsPage(_ request: EventsRequest, viewer: AccessToken?) throws(ServiceError) -> Page<Event> {
        // As agora-server does, a token that no longer works gets the list anyone sees: the
        // list is public, and whether the viewer goes is only added to it. Only the list of the
        // events one goes to needs a token that works.
        let user = viewer.flatMap { try? self.user(for: $0) }
        guard !request.onlyGoing else {
            guard let user else { throw .unauthorized }
            let page = try data.eventsPage(after: request.cursor, limit: request.limit) { event in
                current(event, viewer: user).isGoing
            }
            return Page(items: page.items.map { withAttendees(current($0, viewer: user)) }, nextCursor: page.nextCursor)
        }
        let page = try data.eventsPage(after: request.cursor, limit: request.limit)
        return Page(items: page.items.map { withAttendees(current($0, viewer: user)) }, nextCursor: page.nextCursor)
    }

    func event(id: Event.ID, viewer: AccessToken?) throws(ServiceError) -> Event {
        guard let event = data.event(id: id) else { throw .notFound("event \(id)") }
        var user: User?
        if let viewer { user = try self.user(for: viewer) }
        return withAttendees(current(event, viewer: user))
    }

    mutating func rsvp(eventID: Event.ID, going isGoing: Bool, token: AccessToken) throws(ServiceError) -> Event {
        let user = try user(for: token)
        guard let event = data.event(id: eventID) else { throw .notFound("event \(eventID)") }
        guard event.hostID != user.id || isGoing else {
            throw .invalidInput(field: "going", reason: "the host of an event cannot cancel going to it")
        }
        going[EventUser(eventID: eventID, userID: user.id)] = isGoing
        latestGoing[eventID, default: []].removeAll { $0 == user.id }
        if isGoing { latestGoing[eventID, default: []].insert(user.id, at: 0) }
        if event.hostID != user.id { enterGuest(user, in: event, goes: isGoing) }
        return withAttendees(current(event, viewer: user))
    }

    /// One "is going" per guest in the host's feed, the latest, as agora-server keeps it: the
    /// guest's earlier entry leaves, and a new one comes when they go.
    private mutating func enterGuest(_ guest: User, in event: Event, goes isGoing: Bool) {
        var entries = feedEntries[event.hostID, default: []]
        let isEarlier = { (entry: Activity) in entry.kind == .rsvped && entry.eventID == event.id && entry.actor?.id == guest.id }
        for earlier in entries where isEarlier(earlier) {
            feedChanges.append((event.hostID, .feedEntryRemoved(earlier.id)))
        }
        entries.removeAll(where: isEarlier)
        if isGoing {
            lastGuestEntryID += 1
            let entry = Activity(
                id: lastGuestEntryID, kind: .rsvped, occurredAt: now(), eventID: event.id, eventTitle: event.title, actor: Author(guest))
            entries.insert(entry, at: 0)
            feedChanges.append((event.hostID, .feedEntryAdded(entry)))
        }
        feedEntries[event.hostID] = entries
    }

    /// Whether a member goes to an event now: their answer in this process, else the fixture's.
    private func isGoing(_ userID: User.ID, to eventID: Event.ID) -> Bool {
        going[EventUser(eventID: eventID, userID: userID)] ?? data.attends(userID: userID, eventID: eventID)
    }

    /// What came into or left members' feeds since the last call, oldest first.
    mutating func takeFeedChanges() -> [(member: User.ID, change: MemberChange)] {
        defer { feedChanges = [] }
        return feedChanges
    }

    /// The event with the latest five who go, as agora-server gives every copy: those who said
    /// so in this process first, then the fixture's, the highest id first (as agora-server orders
    /// the seeded answers, which all have one time).
    private func withAttendees(_ event: Event) -> Event {
        let fixture = data.users.map(\.id).sorted(by: >).filter { id in
            data.attends(userID: id, eventID: event.id) && going[EventUser(eventID: event.id, userID: id)] != false
        }
        let ids = latestGoing[event.id, default: []] + fixture
        var seen: Set<User.ID> = []
        var event = event
        event.attendees = ids.filter { seen.insert($0).inserted }.prefix(5).compactMap { data.user(id: $0).map(Author.init) }
        return event
    }

    /// An event as it is now: RSVPs and comments users made applied to the fixture.
    private func current(_ event: Event, viewer: User?) -> Event {
        var event = event
        for (key, isGoing) in going where key.eventID == event.id {
            let wasGoing = data.attends(userID: key.userID, eventID: event.id)
            event.attendeeCount += (isGoing ? 1 : 0) - (wasGoing ? 1 : 0)
        }
        event.commentCount += posted[event.id, default: []].count - deletedCount[event.id, default: 0]
        if let viewer { event.isGoing = isGoing(viewer.id, to: event.id) }
        return event
    }

    // MARK: Comments

    func commentsPage(_ request: CommentsRequest) throws(ServiceError) -> Page<Comment> {
        try data.commentsPage(request, newer: posted[request.eventID, default: []], hidden: deleted)
    }

    /// The comment, and whether it is new (not a retry of one posted before).
    mutating func postComment(_ draft: CommentDraft, token: AccessToken) throws(ServiceError) -> (Comment, isNew: Bool) {
        let user = try user(for: token)
        // As the API contract says: the same client id from the same author is the same comment
        // (a retry after a lost answer), answered again rather than posted twice.
        let key = AuthorClientID(authorID: user.id, clientID: draft.clientID)
        let body = TextRules.normalizingLineBreaks(draft.body).trimmingCharacters(in: .whitespacesAndNewlines)
        if let earlier = postedByClientID[key] {
            // The same id for other text would lose that text: refused, as the server does (409).
            guard earlier.body == body, earlier.eventID == draft.eventID else {
                throw .invalidInput(field: "clientID", reason: "this clientID was used for a different comment")
            }
            return (earlier, false)
        }
        guard let event = data.event(id: draft.eventID) else { throw .notFound("event \(draft.eventID)") }
        guard !TextRules.isBlank(body) else { throw .invalidInput(field: "body", reason: "a comment needs some text") }
        if let problem = TextRules.controlCharacterProblem(in: body, allowsLineBreaks: true) {
            throw .invalidInput(field: "body", reason: problem)
        }
        let length = TextRules.length(of: body)
        guard length <= Comment.maximumLength else {
            throw .invalidInput(field: "body", reason: "at most \(Comment.maximumLength) characters, got \(length)")
        }
        if let problem = TextRules.combiningMarkProblem(in: body) {
            throw .invalidInput(field: "body", reason: problem)
        }
        nextCommentID += 1
        let comment = Comment(id: nextCommentID, eventID: draft.eventID, author: Author(user), body: body, createdAt: now())
        posted[draft.eventID, default: []].insert(comment, at: 0)
        postedByClientID[key] = comment
        // An entry in the feed of each member who goes, but its author.
        let entry = MockActivities.entry(for: comment, on: event)
        for member in data.users where member.id != user.id && isGoing(member.id, to: event.id) {
            feedEntries[member.id, default: []].insert(entry, at: 0)
            feedChanges.append((member.id, .feedEntryAdded(entry)))
        }
        return (comment, true)
    }

    /// Deletes a comment; returns its event's id.
    mutating func deleteComment(id: Comment.ID, token: AccessToken) throws(ServiceError) -> Event.ID {
        let user = try user(for: token)
        let comment = posted.values.lazy.flatMap { $0 }.first { $0.id == id } ?? data.comment(id: id)
        guard let comment, !deleted.contains(id) else { throw .notFound("comment \(id)") }
        guard comment.author.id == user.id else { throw .forbidden("delete another member's comment") }
        deleted.insert(id)
        deletedCount[comment.eventID, default: 0] += 1
        // Its entries leave the feeds they were in: this process's, and the fixture's.
        for (member, entries) in feedEntries where entries.contains(where: { $0.commentID == id }) {
            feedEntries[member] = entries.filter { $0.commentID != id }
            feedChanges.append((member, .feedEntryRemoved(id)))
        }
        if let event = data.event(id: comment.eventID) {
            for member in data.users where MockActivities.commentEntries(of: event, for: member, in: data).contains(where: { $0.commentID == id }) {
                feedChanges.append((member.id, .feedEntryRemoved(id)))
            }
        }
        return comment.eventID
    }

    // MARK: Activities

    func activitiesPage(_ request: ActivitiesRequest, token: AccessToken) throws(ServiceError) -> Page<Activity> {
        let user = try user(for: token)
        return try data.activitiesPage(for: user.id, request, newer: feedEntries[user.id, default: []], hidden: deleted)
    }
}
