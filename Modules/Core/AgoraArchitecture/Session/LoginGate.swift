import AgoraModels

/// Runs an action that needs a logged-in user, asking for a login first when there is none,
/// and resuming the action once the login succeeds (posting a comment, an RSVP).
///
/// A ViewModel keeps one, forwards ``loginRequested`` as its "show login" navigation event and
/// tells the gate when its screen is visible again: if the user came back without logging in,
/// the waiting action is cancelled, so the caller can keep what the user typed and say so.
///
/// An action that holds something of the user's says what stays undone without the login; the
/// gate lists it in the session store's ``LoginWaits`` while it waits, so a host that runs
/// unattended, where nobody can log in, gives it up and says so rather than leave it waiting for
/// ever.
@MainActor
public final class LoginGate {
    /// Asks the coordinator to show the login screen.
    public var loginRequested: Signal<Void> { loginRequestedSource.signal }

    private let sessions: SessionStore
    private let loginRequestedSource = SignalSource<Void>()
    private var waiting: (resume: @MainActor (Session) -> Void, cancel: @MainActor () -> Void)?
    private var observation: OutputObservation?

    public init(sessions: SessionStore) {
        self.sessions = sessions
        // Through `self` only: the store keeps this observer, so a store captured here would
        // keep itself, and every app that made a gate, alive for ever.
        observation = sessions.session.observe { [weak self] session in
            guard let self, let session, let waiting else { return }
            self.waiting = nil
            self.sessions.loginWaits.release(self)
            waiting.resume(session)
        }
    }

    /// The current session, if logged in.
    public var session: Session? { sessions.session.value }

    /// Runs `action` with the session now, or asks for a login and runs it after the login.
    /// A newer request replaces a waiting one, which is cancelled.
    ///
    /// - Parameters:
    ///   - action: what to do as the logged-in user.
    ///   - cancelled: told when the action will not run: the user came back without logging in,
    ///     a newer request replaced it, or an unattended host gave it up.
    ///   - undone: what stays undone if the login never comes, as a clause ("the comment was not
    ///     posted"), read when an unattended host gives the action up; `nil` (the default) for an
    ///     action that holds nothing of the user's, which may be left waiting.
    public func withSession(
        _ action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void,
        undone: (@MainActor () -> String?)? = nil
    ) {
        if let session {
            action(session)
            return
        }
        wait(action, ifCancelled: cancelled, undone: undone)
        loginRequestedSource.send(())
    }

    /// Waits for the login that is already open, without asking for it again: a ViewModel made
    /// anew below an open login (``StateRestoring``) takes up what waited for it. Runs `action`
    /// now when someone is logged in already.
    ///
    /// - Parameters: as for ``withSession(_:ifCancelled:undone:)``.
    public func awaitOpenLogin(
        _ action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void,
        undone: (@MainActor () -> String?)? = nil
    ) {
        if let session {
            action(session)
            return
        }
        wait(action, ifCancelled: cancelled, undone: undone)
    }

    private func wait(
        _ action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void,
        undone: (@MainActor () -> String?)?
    ) {
        waiting?.cancel()
        waiting = (action, cancelled)
        if let undone {
            sessions.loginWaits.hold(self, undone: undone) { [weak self] in self?.cancelWaiting() }
        } else {
            sessions.loginWaits.release(self)
        }
    }

    /// The user asked to log in (a "log in" button): asks for the login screen and runs `action`
    /// after the login, unless someone is logged in already. Then nothing is asked for, and the
    /// user is returned, for the view to say how to change user: one rule for every screen
    /// that offers a login.
    ///
    /// - Returns: the user already logged in; `nil` when a login was asked for.
    @discardableResult
    public func logIn(
        then action: @escaping @MainActor (Session) -> Void = { _ in }, ifCancelled cancelled: @escaping @MainActor () -> Void = {}
    ) -> User? {
        if let user = session?.user { return user }
        withSession(action, ifCancelled: cancelled)
        return nil
    }

    /// The server no longer accepts the session: it ends for every feature, and `action` runs
    /// again after a new login.
    ///
    /// - Parameters:
    ///   - action: what to do as the user of the new login.
    ///   - cancelled: told when the action will not run.
    ///   - undone: as for ``withSession(_:ifCancelled:undone:)``.
    public func sessionExpired(
        retry action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void,
        undone: (@MainActor () -> String?)? = nil
    ) {
        sessions.end()
        withSession(action, ifCancelled: cancelled, undone: undone)
    }

    /// The gate's screen is visible again; if no login happened, what waited for it is cancelled.
    public func screenReappeared() {
        guard session == nil else { return }
        cancelWaiting()
    }

    private func cancelWaiting() {
        guard let waiting else { return }
        self.waiting = nil
        sessions.loginWaits.release(self)
        waiting.cancel()
    }

    /// Whether an action is waiting for a login.
    public var isWaiting: Bool { waiting != nil }
}
