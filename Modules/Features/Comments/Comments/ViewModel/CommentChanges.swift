import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The changes a user makes to an event's comments — posts, retries, the outbox, deletes — and
/// the login they wait for: what `CommentsViewModel` does beyond showing the list.
///
/// It owns the drafts (``CommentDrafts``: which comment stands where, as a value with
/// synchronous tests) and runs their requests; each change holds the list's cache updates while
/// it is in flight (`PagedList.beginChange()`), so its result and the cache show together.
/// It tells the ViewModel what to show through ``Display``.
@MainActor
final class CommentChanges {
    /// How the ViewModel shows what a change did.
    struct Display {
        /// The drafts changed: publish the rows again.
        var rowsChanged: @MainActor () -> Void = {}
        var message: @MainActor (String) -> Void = { _ in }
        var error: @MainActor (String) -> Void = { _ in }
        var nothingQueued: @MainActor () -> Void = {}
    }

    /// What the user wrote here and the server has not confirmed, and where each stands.
    private(set) var drafts = CommentDrafts()
    var display = Display()

    private let eventID: Event.ID
    private let dependency: CommentsViewModel.Dependency
    private let list: PagedList<Comment, CommentRow, ServiceError>
    private let loginGate: LoginGate
    private let work: WorkTracker
    /// Comments to delete once the user logs in.
    private var deletesAwaitingLogin: [Comment] = []
    /// Comments whose deletion is in flight, so a second tap sends nothing.
    private var deleting: Set<Comment.ID> = []
    /// Numbers each login request, so only the latest one's cancellation counts.
    private var loginRequests = 0

    init(
        eventID: Event.ID, dependency: CommentsViewModel.Dependency, list: PagedList<Comment, CommentRow, ServiceError>,
        loginGate: LoginGate, work: WorkTracker
    ) {
        self.eventID = eventID
        self.dependency = dependency
        self.list = list
        self.loginGate = loginGate
        self.work = work
    }

    /// Shows the comments waiting in the outbox, also from before a restart.
    func restoreOutbox() async {
        let queued = await dependency.queue.queuedComments(eventID: eventID)
        drafts.restoreOutbox(queued, viewerID: dependency.sessions.user?.id)
    }

    /// The server answers again: what waited in the outbox goes now.
    func serverAnswered() {
        guard let session = loginGate.session else { return }
        sendQueued(session: session)
    }

    /// Posts `body`, after a login when there is no session.
    func post(_ body: String) {
        let session = loginGate.session
        let draftID = drafts.write(body, at: dependency.environment.now(), isLoggedIn: session != nil)
        display.rowsChanged()
        if let session {
            send(draftID, session: session)
        } else {
            requestLogin(sessionExpired: false)
        }
    }

    func retry(_ draft: LocalComment) {
        switch draft.state {
        case .sending:
            display.error("That comment is still being sent; wait for it to finish.")
        case .failed, .notSent, .waitingForLogin, .queued:
            if let session = loginGate.session {
                send(draft.id, session: session)
            } else {
                drafts.waitForLogin(draft.id)
                display.rowsChanged()
                requestLogin(sessionExpired: false)
            }
        }
    }

    func retryQueued() {
        guard !drafts.outboxToSend.isEmpty else {
            display.nothingQueued()
            return
        }
        if let session = loginGate.session {
            sendQueued(session: session)
        } else {
            drafts.waitForLoginToSendOutbox()
            display.rowsChanged()
            requestLogin(sessionExpired: false)
        }
    }

    func discard(_ draft: LocalComment) {
        guard drafts.discard(draft.id) != nil else {
            display.error("That comment is still being sent; wait for it to finish before discarding it.")
            return
        }
        display.rowsChanged()
        display.message("Comment discarded.")
        if draft.isInOutbox {
            let queue = dependency.queue
            work.start { await queue.discardQueuedComment(id: draft.clientID) }
        }
    }

    func delete(_ comment: Comment) {
        guard !deleting.contains(comment.id) else {
            display.error("That comment is already being deleted.")
            return
        }
        if let session = loginGate.session {
            delete(comment, session: session)
        } else {
            deletesAwaitingLogin.append(comment)
            requestLogin(sessionExpired: false)
        }
    }

    // MARK: Posting

    /// Sends a draft as `session`'s user: on its own, or with the queued comments when it waits
    /// in the outbox.
    private func send(_ draftID: LocalComment.ID, session: Session) {
        guard let draft = drafts.draft(draftID) else { return }  // discarded meanwhile
        if draft.isInOutbox {
            sendQueued(session: session)
            return
        }
        drafts.startPosting(draftID)
        display.rowsChanged()
        let change = list.beginChange()
        let poster = dependency.poster
        let comment = OutgoingComment(
            draft: CommentDraft(eventID: eventID, body: draft.body, clientID: draft.clientID), writtenAt: draft.createdAt,
            authorID: session.user.id
        )
        let token = session.token
        work.start { [weak self] in
            let result = await Result<PostOutcome, ServiceError> { () async throws(ServiceError) in
                try await poster.postComment(comment, token: token)
            }
            await self?.finishPosting(draftID, result: result, change: change)
        }
    }

    private func finishPosting(_ draftID: LocalComment.ID, result: Result<PostOutcome, ServiceError>, change: ListChange) async {
        drafts.postEnded(draftID, with: result)
        await settle(change)
        switch result {
        case .success(.posted):
            display.message("Comment posted.")
        case .success(.queued(.unauthorized)), .failure(.unauthorized):
            // Kept (in the outbox when the UseCase could); it goes after the login asked for.
            display.error(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        case .success(.queued), .failure:
            // The row says why: queued, or failed (Kickstarter's failed comment cell).
            break
        }
    }

    /// Ends one of this screen's changes: the drafts have changed first, their rows are given to
    /// the list while it still holds the cache, and both show when the change ends, so a posted
    /// draft leaves as its comment arrives; what the change did is told after that.
    private func settle(_ change: ListChange) async {
        await change.end { display.rowsChanged() }
    }

    // MARK: The outbox

    /// Sends the queued comments (after a first page, on retry, after a login); does nothing
    /// while this screen is already sending them.
    private func sendQueued(session: Session) {
        guard let sending = drafts.startSendingOutbox() else { return }
        display.rowsChanged()
        let change = list.beginChange()
        let queue = dependency.queue
        let id = eventID
        work.start { [weak self] in
            let delivery = await queue.sendQueuedComments(eventID: id, session: session)
            await self?.finishSendingQueued(sending, delivery: delivery, change: change)
        }
    }

    private func finishSendingQueued(_ sent: [LocalComment.ID], delivery: QueuedCommentsDelivery, change: ListChange) async {
        let posted = drafts.outboxSendingEnded(sent, with: delivery)
        await settle(change)
        for _ in 0..<posted {
            display.message("Comment posted.")
        }
        if delivery.stoppedBy == .unauthorized {
            display.error(ServiceError.unauthorized.description)
            requestLogin(sessionExpired: true)
        }
    }

    // MARK: Deleting

    private func delete(_ comment: Comment, session: Session) {
        guard comment.author.id == session.user.id else {
            display.error("You can only delete your own comments.")
            return
        }
        deleting.insert(comment.id)
        let change = list.beginChange()
        let poster = dependency.poster
        let token = session.token
        work.start { [weak self] in
            let result = await Result<Void, ServiceError> { () async throws(ServiceError) in
                try await poster.deleteComment(id: comment.id, token: token)
            }
            await self?.finishDeleting(comment, result: result, change: change)
        }
    }

    private func finishDeleting(_ comment: Comment, result: Result<Void, ServiceError>, change: ListChange) async {
        deleting.remove(comment.id)
        // Deleted, the comment left the held cache, which shows now.
        await settle(change)
        switch result {
        case .success:
            display.message("Comment deleted.")
        case .failure(.unauthorized):
            display.error(ServiceError.unauthorized.description)
            deletesAwaitingLogin.append(comment)
            requestLogin(sessionExpired: true)
        case .failure(let error):
            display.error(error.description)
        }
    }

    // MARK: Login

    /// Asks for a login; once it happens every draft waiting for it is sent and every delete
    /// waiting for it is made. `sessionExpired`: the server refused the session, which ends.
    private func requestLogin(sessionExpired: Bool) {
        loginRequests += 1
        let request = loginRequests
        let resume: @MainActor (Session) -> Void = { [weak self] session in
            self?.loginSucceeded(session)
        }
        let cancel: @MainActor () -> Void = { [weak self] in
            // A newer request replaced this one and still waits for everything this one did.
            guard let self, request == loginRequests else { return }
            loginCancelled()
        }
        // Read when a script gives the login up: everything waiting then, this request's or not.
        let undone: @MainActor () -> String? = { [weak self] in
            guard let self else { return nil }
            return CommentsAwaitingLogin(drafts: drafts, deletes: deletesAwaitingLogin.count).undone
        }
        if sessionExpired {
            loginGate.sessionExpired(retry: resume, ifCancelled: cancel, undone: undone)
        } else {
            loginGate.withSession(resume, ifCancelled: cancel, undone: undone)
        }
    }

    private func loginSucceeded(_ session: Session) {
        let waiting = drafts.waitingForLogin
        for draftID in waiting.posts {
            send(draftID, session: session)
        }
        if waiting.outbox {
            sendQueued(session: session)
        }
        let deletes = deletesAwaitingLogin
        deletesAwaitingLogin = []
        for comment in deletes {
            delete(comment, session: session)
        }
    }

    private func loginCancelled() {
        // Nothing typed is lost: the rows stay, marked "not sent", to retry or discard.
        drafts.loginCancelled()
        let deletes = deletesAwaitingLogin.count
        deletesAwaitingLogin = []
        display.rowsChanged()
        if deletes > 0 {
            display.message("Not logged in, so no comment was deleted.")
        }
    }
}
