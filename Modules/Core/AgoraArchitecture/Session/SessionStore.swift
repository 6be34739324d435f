import AgoraModels

/// Who is logged in, for every feature: the session lives here, in the environment, and is
/// saved so the next run starts logged in (Kickstarter's `AppEnvironment.current.currentUser`).
///
/// Features read ``session`` and observe it (a feed that appears after login); only Auth begins
/// a session, and any feature may end one the server refused.
///
/// When a session ends, for whatever reason and whether or not the server heard of it, what was
/// kept for its user is cleared (``clearOnEnd(_:)``): the next person to log in on this machine
/// never sees the previous one's RSVPs or feed.
@MainActor
public final class SessionStore {
    /// The current session; `nil` when logged out.
    public var session: Output<Session?> { sessionSource.output }
    /// Problems saving or removing the saved session; the session in memory is still right.
    public var warnings: Signal<String> { warningsSource.signal }
    /// Why a saved session could not be restored at start, if it could not.
    public let restoreProblem: String?
    /// What the features hold until a login, for a host that cannot show a login (it runs unattended).
    public let loginWaits = LoginWaits()

    private let sessionSource: OutputSource<Session?>
    private let warningsSource = SignalSource<String>()
    private let persistence: any SessionPersisting
    /// What clears a user's data when their session ends, in the order given.
    private var clearers: [@MainActor (User) async throws -> Void] = []
    /// The clearing of the users whose sessions ended, each after the one before.
    private var clearing: Task<Void, Never>?

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

    /// Ends the current session, forgets the saved one and starts clearing what was kept for
    /// its user; ``userDataCleared()`` returns once that is done.
    public func end() {
        let user = self.user
        do {
            try persistence.remove()
        } catch {
            warningsSource.send("You are logged out, but the saved session could not be removed (\(error)).")
        }
        sessionSource.sendIfChanged(nil)
        if let user { startClearing(user) }
    }

    /// Adds what must be cleared of a user's data when their session ends (their RSVPs in the
    /// cached events, their feed). A clearer that throws is told on ``warnings``; the others
    /// still run.
    public func clearOnEnd(_ clear: @escaping @MainActor (User) async throws -> Void) {
        clearers.append(clear)
    }

    /// Returns once what was kept for every user whose session has ended is cleared: a logout
    /// waits for it before it says it is done.
    public func userDataCleared() async {
        await clearing?.value
    }

    private func startClearing(_ user: User) {
        guard !clearers.isEmpty else { return }
        let previous = clearing
        let clearers = self.clearers
        clearing = Task { [warningsSource] in
            await previous?.value
            for clear in clearers {
                do {
                    try await clear(user)
                } catch {
                    warningsSource.send("You are logged out, but what agora kept for you could not all be cleared (\(error)).")
                }
            }
        }
    }
}
