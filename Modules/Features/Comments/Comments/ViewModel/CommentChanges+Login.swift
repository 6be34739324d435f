import AgoraAPI
import AgoraArchitecture
import AgoraModels

/// The login that posts and deletes wait for, and what happens when it comes or does not.
extension CommentChanges {
    /// Asks for a login; once it happens every draft waiting for it is sent and every delete
    /// waiting for it is made. `sessionExpired`: the server refused the session, which ends.
    /// `isOpen`: the login is open already (the screen was made again below it), so it is only
    /// waited for.
    func requestLogin(sessionExpired: Bool, isOpen: Bool = false) {
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
        // Read when the login is abandoned: everything waiting then, this request's or not.
        let undone: @MainActor () -> String? = { [weak self] in
            guard let self else { return nil }
            return CommentsAwaitingLogin(drafts: drafts, deletes: deletesAwaitingLogin.count).undone
        }
        if isOpen {
            loginGate.awaitOpenLogin(resume, ifCancelled: cancel, undone: undone)
        } else if sessionExpired {
            loginGate.sessionExpired(retry: resume, ifCancelled: cancel, undone: undone)
        } else {
            loginGate.withSession(resume, ifCancelled: cancel, undone: undone)
        }
    }

    /// Takes back what a screen that was let go kept (``CommentsRestorationState``): its drafts,
    /// and the deletes that waited for a login, which wait for the open login again.
    func restore(_ state: CommentsRestorationState) {
        drafts.restore(state.drafts)
        deletesAwaitingLogin = state.deletesAwaitingLogin
        display.rowsChanged()
        if drafts.waitingForLogin.posts.isEmpty == false || !deletesAwaitingLogin.isEmpty {
            requestLogin(sessionExpired: false, isOpen: true)
        }
    }

    func loginSucceeded(_ session: Session) {
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

    func loginCancelled() {
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
