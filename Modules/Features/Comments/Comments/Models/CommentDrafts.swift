import AgoraAPI
import AgoraModels
import Foundation

/// What the user wrote on a comments screen that the server has not confirmed, and where each
/// draft stands: the posting state machine, kept out of the ViewModel so that every transition is
/// a change of a value a test checks synchronously, with no request and no timing.
///
///     written ─┬─▶ sending ─┬─▶ posted: gone (its comment arrives by the cache)
///              │            ├─▶ failed: refused for good (retry or discard)
///              │            ├─▶ queued: in the outbox until the server answers again
///              │            └─▶ waiting for login: the session ended
///              └─▶ waiting for login ─┬─▶ sending, once the login happened
///                                     └─▶ not sent, when it did not (retry or discard)
///
/// Drafts in the outbox are sent together, one sending at a time (``startSendingOutbox()``); a
/// draft is never lost to a failure or a missing login, only to the user's discard.
public struct CommentDrafts: Hashable, Sendable {
    /// Every draft, newest first: the rows above the cached comments.
    public private(set) var all: [LocalComment] = []
    /// Whether a sending of the outbox is running; another one waits for it to end.
    public private(set) var isSendingOutbox = false
    private var nextID: LocalComment.ID = 1

    public init() {}

    /// The draft numbered `id`, unless it was posted or discarded.
    public func draft(_ id: LocalComment.ID) -> LocalComment? {
        all.first { $0.id == id }
    }

    /// The drafts in the outbox that a sending can take: those not being sent already.
    public var outboxToSend: [LocalComment] {
        all.filter { $0.isInOutbox && $0.state != .sending }
    }

    // MARK: Writing and discarding

    /// Adds what the user wrote, on top: being sent when someone is logged in, waiting for a
    /// login otherwise. Returns its number.
    public mutating func write(_ body: String, at date: Date, isLoggedIn: Bool) -> LocalComment.ID {
        let draft = LocalComment(id: nextID, body: body, createdAt: date, state: isLoggedIn ? .sending : .waitingForLogin)
        nextID += 1
        all.insert(draft, at: 0)
        return draft.id
    }

    /// Adds the comments waiting in the outbox (written before a restart, or on another screen)
    /// as queued drafts, each once: `viewerID`'s, or every one while nobody is logged in (they
    /// are all "You" then).
    public mutating func restoreOutbox(_ queued: [OutgoingComment], viewerID: User.ID?) {
        let shown = Set(all.map(\.clientID))
        for comment in queued where !shown.contains(comment.id) && (viewerID == nil || comment.authorID == viewerID) {
            all.insert(
                LocalComment(
                    id: nextID, body: comment.draft.body, createdAt: comment.writtenAt, state: .queued(nil),
                    clientID: comment.id, isInOutbox: true
                ),
                at: 0
            )
            nextID += 1
        }
    }

    /// The drafts a ViewModel made again must show: every one not in the outbox (whose drafts
    /// come back from the outbox itself).
    public var keptApartFromOutbox: [LocalComment] {
        all.filter { !$0.isInOutbox }
    }

    /// Takes back drafts kept from a ViewModel that was let go (``keptApartFromOutbox``), with
    /// their numbers, so a form that names one still names it. One that was being sent is not
    /// known to have arrived: it is marked not sent, to retry (its client id posts it once).
    public mutating func restore(_ kept: [LocalComment]) {
        let known = Set(all.map(\.id))
        for var draft in kept.reversed() where !known.contains(draft.id) && !draft.isInOutbox {
            if draft.state == .sending { draft.state = .notSent }
            all.insert(draft, at: 0)
        }
        all.sort { $0.id > $1.id }
        nextID = max(nextID, (all.map(\.id).max() ?? 0) + 1)
    }

    /// Forgets a draft the user gave up, and returns it; a draft being sent stays (`nil`), as
    /// its answer may still post it.
    public mutating func discard(_ id: LocalComment.ID) -> LocalComment? {
        guard let draft = draft(id), draft.state != .sending else { return nil }
        all.removeAll { $0.id == id }
        return draft
    }

    // MARK: Posting one draft

    /// The draft is being sent on its own.
    public mutating func startPosting(_ id: LocalComment.ID) {
        update(id) { $0.state = .sending }
    }

    /// A post of the draft ended: posted, it is gone; kept in the outbox, it is queued with the
    /// reason (waiting for a login when the session ended); refused, it failed with the reason;
    /// refused because the session ended, it waits for a login.
    public mutating func postEnded(_ id: LocalComment.ID, with result: Result<PostOutcome, ServiceError>) {
        switch result {
        case .success(.posted):
            all.removeAll { $0.id == id }
        case .success(.queued(.unauthorized)):
            update(id) {
                $0.isInOutbox = true
                $0.state = .waitingForLogin
            }
        case .success(.queued(let error)):
            update(id) {
                $0.isInOutbox = true
                $0.state = .queued(error.description)
            }
        case .failure(.unauthorized):
            update(id) { $0.state = .waitingForLogin }
        case .failure(let error):
            update(id) { $0.state = .failed(error.description) }
        }
    }

    // MARK: The outbox

    /// Starts a sending of the outbox: its drafts are marked sending, and their numbers returned
    /// for ``outboxSendingEnded(_:with:)``. `nil` while a sending runs or nothing waits.
    public mutating func startSendingOutbox() -> [LocalComment.ID]? {
        let sending = outboxToSend.map(\.id)
        guard !isSendingOutbox, !sending.isEmpty else { return nil }
        isSendingOutbox = true
        for id in sending {
            update(id) { $0.state = .sending }
        }
        return sending
    }

    /// A sending of the outbox ended: each posted draft is gone; one refused for good leaves the
    /// outbox as a failed post (its text kept); the rest stay queued, with why the sending
    /// stopped (waiting for a login when the session ended). Returns how many were posted.
    public mutating func outboxSendingEnded(_ sent: [LocalComment.ID], with delivery: QueuedCommentsDelivery) -> Int {
        isSendingOutbox = false
        var posted = 0
        for id in sent {
            guard let clientID = draft(id)?.clientID else { continue }
            if delivery.posted[clientID] != nil {
                all.removeAll { $0.id == id }
                posted += 1
            } else if let error = delivery.rejected[clientID] {
                update(id) {
                    $0.isInOutbox = false
                    $0.state = .failed(error.description)
                }
            } else if delivery.stoppedBy == .unauthorized {
                update(id) { $0.state = .waitingForLogin }
            } else {
                update(id) { $0.state = .queued(delivery.stoppedBy?.description) }
            }
        }
        return posted
    }

    // MARK: Waiting for a login

    /// The draft waits for a login, then is sent.
    public mutating func waitForLogin(_ id: LocalComment.ID) {
        update(id) { $0.state = .waitingForLogin }
    }

    /// Every draft the outbox could send waits for a login, then goes with the outbox.
    public mutating func waitForLoginToSendOutbox() {
        for draft in outboxToSend {
            waitForLogin(draft.id)
        }
    }

    /// What to send once the login happened: the drafts that waited for it on their own,
    /// oldest first (the server gets them in the order they were written), and whether some
    /// waited in the outbox (which goes as one sending).
    public var waitingForLogin: (posts: [LocalComment.ID], outbox: Bool) {
        let waiting = all.filter { $0.state == .waitingForLogin }.reversed()
        return (waiting.filter { !$0.isInOutbox }.map(\.id), waiting.contains(where: \.isInOutbox))
    }

    /// The login did not happen: what waited for it is marked not sent, kept to retry or discard.
    public mutating func loginCancelled() {
        for index in all.indices where all[index].state == .waitingForLogin {
            all[index].state = .notSent
        }
    }

    private mutating func update(_ id: LocalComment.ID, _ change: (inout LocalComment) -> Void) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return }
        change(&all[index])
    }
}
