import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

/// A persistence whose every operation can be made to fail.
final class FailingPersistence: SessionPersisting {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let loadError: Failure?
    let saveError: Failure?
    let stored: Session?

    init(load: String? = nil, save: String? = nil, stored: Session? = nil) {
        loadError = load.map(Failure.init)
        saveError = save.map(Failure.init)
        self.stored = stored
    }

    func load() throws -> Session? {
        if let loadError { throw loadError }
        return stored
    }

    func save(_ session: Session) throws {
        if let saveError { throw saveError }
    }

    func remove() throws {
        if let saveError { throw saveError }
    }
}

@MainActor
@Suite("Session store")
struct SessionStoreTests {
    let alice = Session(token: AccessToken("oss.1.abc"), user: User(id: 1, name: "Alice Martin", email: "alice@agora.example"))

    @Test("given a login gate over the store, when both are let go of, then both are freed: no observer of the store holds the store")
    func gateAndStoreAreFreed() {
        weak var released: SessionStore?
        weak var releasedGate: LoginGate?
        do {
            let sessions = SessionStore(persistence: InMemorySessionPersistence())
            let gate = LoginGate(sessions: sessions)
            gate.logIn()
            (released, releasedGate) = (sessions, gate)
        }
        #expect(releasedGate == nil)
        #expect(released == nil)
    }

    @Test("given a saved session, when the store starts, then it is restored")
    func restores() {
        let store = SessionStore(persistence: InMemorySessionPersistence(alice))
        #expect(store.session.value == alice)
        #expect(store.restoreProblem == nil)
    }

    @Test("given a saved session without a token, when the store starts, then it starts logged out and says why")
    func emptyToken() {
        let store = SessionStore(persistence: InMemorySessionPersistence(Session(token: AccessToken(""), user: alice.user)))
        #expect(store.session.value == nil)
        #expect(store.restoreProblem == "Could not restore your session (the saved session has no token); you are logged out.")
    }

    @Test("given an unreadable saved session, when the store starts, then it starts logged out with the reason")
    func unreadable() {
        let store = SessionStore(persistence: FailingPersistence(load: "session.json is corrupt"))
        #expect(store.session.value == nil)
        #expect(store.restoreProblem == "Could not restore your session (session.json is corrupt); you are logged out.")
    }

    @Test("when a session begins and ends, then observers see each change and the persistence follows")
    func beginAndEnd() {
        let persistence = InMemorySessionPersistence()
        let store = SessionStore(persistence: persistence)
        let sessions = Recorder(store.session)

        store.begin(alice)
        #expect(persistence.load() == alice)
        store.end()

        sessions.assertValues([nil, alice, nil])
        #expect(persistence.load() == nil)
    }

    @Test("given saving fails, when a session begins, then it is in memory anyway and a warning says it was not saved")
    func saveFails() {
        let store = SessionStore(persistence: FailingPersistence(save: "disk full"))
        let warnings = Recorder(store.warnings)

        store.begin(alice)

        #expect(store.user == alice.user)
        warnings.assertValues(["You are logged in, but the session could not be saved (disk full); you will need to log in again next time."])
    }

    @Test("an access token never prints its value")
    func tokenRedacted() {
        let token = AccessToken("secret-value")
        #expect("\(token)" == "AccessToken(redacted)")
        #expect(String(reflecting: token) == "AccessToken(redacted)")
        #expect(!"\(alice)".contains("oss.1.abc"))
    }
}

@MainActor
@Suite("Login gate")
struct LoginGateTests {
    let alice = Session(token: AccessToken("oss.1.abc"), user: User(id: 1, name: "Alice Martin", email: "alice@agora.example"))

    @Test("given a session, when an action needs it, then it runs at once and no login is asked for")
    func runsAtOnce() {
        let gate = LoginGate(sessions: .test(alice))
        let loginRequests = Recorder(gate.loginRequested)
        var ran: [User.ID] = []

        gate.withSession({ ran.append($0.user.id) }, ifCancelled: { Issue.record("cancelled") })

        #expect(ran == [1])
        loginRequests.assertDidNotEmitValue()
    }

    @Test(
        "given no session and a login already open, when an action waits for it, then no login is asked for; the action runs once after it, or is cancelled when the screen shows without one"
    )
    func awaitsTheOpenLogin() {
        let sessions = SessionStore.test()
        let gate = LoginGate(sessions: sessions)
        let loginRequests = Recorder(gate.loginRequested)
        var ran = 0
        var cancelled = 0

        gate.awaitOpenLogin({ _ in ran += 1 }, ifCancelled: { cancelled += 1 })
        #expect(gate.isWaiting)
        sessions.begin(alice)
        sessions.end()
        sessions.begin(alice)

        #expect(ran == 1)
        loginRequests.assertDidNotEmitValue()

        sessions.end()
        gate.awaitOpenLogin({ _ in ran += 1 }, ifCancelled: { cancelled += 1 })
        gate.screenReappeared()
        #expect(cancelled == 1)
        #expect(!gate.isWaiting)
    }

    @Test("given no session, when an action needs one, then a login is asked for and the action runs once after it")
    func resumesAfterLogin() {
        let sessions = SessionStore.test()
        let gate = LoginGate(sessions: sessions)
        let loginRequests = Recorder(gate.loginRequested)
        var ran = 0

        gate.withSession({ _ in ran += 1 }, ifCancelled: { Issue.record("cancelled") })
        #expect(ran == 0)
        #expect(gate.isWaiting)
        sessions.begin(alice)
        gate.screenReappeared()
        sessions.end()
        sessions.begin(alice)

        loginRequests.assertValueCount(1)
        #expect(ran == 1)
    }

    @Test("given a waiting action, when the screen reappears without a login, then it is cancelled and does not run later")
    func cancelledOnReappear() {
        let sessions = SessionStore.test()
        let gate = LoginGate(sessions: sessions)
        var events: [String] = []

        gate.withSession({ _ in events.append("ran") }, ifCancelled: { events.append("cancelled") })
        gate.screenReappeared()
        sessions.begin(alice)

        #expect(events == ["cancelled"])
        #expect(!gate.isWaiting)
    }

    @Test("given a waiting action, when another one asks, then the first is cancelled and only the second resumes")
    func newerReplacesOlder() {
        let sessions = SessionStore.test()
        let gate = LoginGate(sessions: sessions)
        var events: [String] = []

        gate.withSession({ _ in events.append("first ran") }, ifCancelled: { events.append("first cancelled") })
        gate.withSession({ _ in events.append("second ran") }, ifCancelled: { events.append("second cancelled") })
        sessions.begin(alice)

        #expect(events == ["first cancelled", "second ran"])
    }

    @Test("given a session the server refused, when it expires, then it ends for everyone and the retry waits for a new login")
    func sessionExpired() {
        let sessions = SessionStore.test(alice)
        let gate = LoginGate(sessions: sessions)
        let loginRequests = Recorder(gate.loginRequested)
        var retried = 0

        gate.sessionExpired(retry: { _ in retried += 1 }, ifCancelled: {})
        #expect(sessions.user == nil)
        sessions.begin(alice)

        loginRequests.assertValueCount(1)
        #expect(retried == 1)
    }
}
