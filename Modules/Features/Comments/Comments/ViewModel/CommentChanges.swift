import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The changes a user makes to an event's comments — posts, retries, the outbox, deletes — and
/// the login they wait for: what `CommentsViewModel` does beyond showing the list.
///
/// It owns the drafts (``CommentDrafts``: which comment stands where, as a value with
/// synchronous tests) and runs their requests; each change holds the list's cache updates while
/// it is in flight (`PagedList.beginChange()`), so its result and the cache show together.
/// It tells the ViewModel what to show through ``Display``. Posting, the outbox, deleting and
/// the login each have a file of their own (`CommentChanges+Posting.swift`, …).
@MainActor
final class CommentChanges {
    /// How the ViewModel shows what a change did.
    struct Display {
        /// The drafts changed: publish the rows again.
        var rowsChanged: @MainActor () -> Void = {}
        var message: @MainActor (String) -> Void = { _ in }
        var error: @MainActor (String) -> Void = { _ in }
        /// A send ended and left this draft unposted: failed, or queued in the outbox.
        var notSent: @MainActor (LocalComment.ID) -> Void = { _ in }
        /// The outbox's comments are being sent, this many.
        var sendingQueued: @MainActor (Int) -> Void = { _ in }
        var nothingQueued: @MainActor () -> Void = {}
    }

    /// What the user wrote here and the server has not confirmed, and where each stands.
    var drafts = CommentDrafts()
    var display = Display()

    let eventID: Event.ID
    let dependency: CommentsViewModel.Dependency
    let list: PagedList<Comment, CommentRow, ServiceError>
    let loginGate: LoginGate
    let work: WorkTracker
    /// Comments to delete once the user logs in.
    var deletesAwaitingLogin: [Comment] = []
    /// Comments whose deletion is in flight, so a second tap sends nothing.
    var deleting: Set<Comment.ID> = []
    /// Numbers each login request, so only the latest one's cancellation counts.
    var loginRequests = 0

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
}
