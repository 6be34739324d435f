import AgoraModels

/// Who is logged in, for every feature: the session lives here, in the environment, and is
/// saved so the next run starts logged in (Kickstarter's `AppEnvironment.current.currentUser`).
///
/// Features read ``session`` and observe it (a feed that appears after login); only Auth begins
/// a session, and any feature may end one the server refused.
@MainActor
public final class SessionStore {
    /// The current session; `nil` when logged out.
    public var session: Output<Session?> { sessionSource.output }
    /// Problems saving or removing the saved session; the session in memory is still right.
    public var warnings: Signal<String> { warningsSource.signal }
    /// Why a saved session could not be restored at start, if it could not.
    public let restoreProblem: String?

    private let sessionSource: OutputSource<Session?>
    private let warningsSource = SignalSource<String>()
    private let persistence: any SessionPersisting

    /// Restores the saved session, if there is a readable one with a token.
    public init(persistence: any SessionPersisting) {
        self.persistence = persistence
        var restored: Session?
        var problem: String?
        do {
            restored = try persistence.load()
            if restored?.token.rawValue.isEmpty == true {
                restored = nil
                problem = "the saved session has no token"
            }
        } catch {
            problem = "\(error)"
        }
        restoreProblem = problem.map { "Could not restore your session (\($0)); you are logged out." }
        sessionSource = OutputSource(restored)
    }

    /// The current session's user, if logged in.
    public var user: User? { session.value?.user }

    /// Starts `session` and saves it.
    public func begin(_ session: Session) {
        do {
            try persistence.save(session)
        } catch {
            warningsSource.send("You are logged in, but the session could not be saved (\(error)); you will need to log in again next time.")
        }
        sessionSource.send(session)
    }

    /// Ends the current session and forgets the saved one.
    public func end() {
        do {
            try persistence.remove()
        } catch {
            warningsSource.send("You are logged out, but the saved session could not be removed (\(error)).")
        }
        sessionSource.sendIfChanged(nil)
    }
}
