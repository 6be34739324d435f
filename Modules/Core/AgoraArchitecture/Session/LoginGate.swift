import AgoraModels

/// Runs an action that needs a logged-in user, asking for a login first when there is none,
/// and resuming the action once the login succeeds (posting a comment, an RSVP).
///
/// A ViewModel keeps one, forwards ``loginRequested`` as its "show login" navigation event and
/// tells the gate when its screen is visible again: if the user came back without logging in,
/// the waiting action is cancelled, so the caller can keep what the user typed and say so.
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
        observation = sessions.session.observe { [weak self] session in
            guard let self, let session, let waiting else { return }
            self.waiting = nil
            waiting.resume(session)
        }
    }

    /// The current session, if logged in.
    public var session: Session? { sessions.session.value }

    /// Runs `action` with the session now, or asks for a login and runs it after the login.
    /// A newer request replaces a waiting one, which is cancelled.
    public func withSession(_ action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void) {
        if let session {
            action(session)
            return
        }
        waiting?.cancel()
        waiting = (action, cancelled)
        loginRequestedSource.send(())
    }

    /// The server no longer accepts the session: it ends for every feature, and `action` runs
    /// again after a new login.
    public func sessionExpired(retry action: @escaping @MainActor (Session) -> Void, ifCancelled cancelled: @escaping @MainActor () -> Void) {
        sessions.end()
        withSession(action, ifCancelled: cancelled)
    }

    /// The gate's screen is visible again; if no login happened, what waited for it is cancelled.
    public func screenReappeared() {
        guard session == nil, let waiting else { return }
        self.waiting = nil
        waiting.cancel()
    }

    /// Whether an action is waiting for a login.
    public var isWaiting: Bool { waiting != nil }
}
