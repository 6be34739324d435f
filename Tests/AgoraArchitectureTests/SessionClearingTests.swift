import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

/// What the session store clears when a session ends: the data each feature kept for its user,
/// whatever ended the session (a logout, reached or not; an expiry).
@MainActor
@Suite("Session store: clearing a user's data when their session ends")
struct SessionClearingTests {
    let alice = Session(token: AccessToken("oss.1.abc"), user: User(id: 1, name: "Alice Martin", email: "alice@agora.example"))
    let bob = Session(token: AccessToken("oss.2.abc"), user: User(id: 2, name: "Bob Okafor", email: "bob@agora.example"))

    struct ClearFailure: Error, CustomStringConvertible {
        var description: String { "the cache is gone" }
    }

    @Test("given Alice is logged in, when her session ends, then every clearer runs for her, in order, and the wait returns once they are done")
    func endingClearsTheUsersData() async {
        let sessions = SessionStore.test(alice)
        let log = ClearingLog()
        sessions.clearOnEnd { user in
            await Task.yield()
            log.entries.append("events: \(user.name)")
        }
        sessions.clearOnEnd { user in log.entries.append("activities: \(user.name)") }

        sessions.end()
        await sessions.userDataCleared()

        #expect(log.entries == ["events: Alice Martin", "activities: Alice Martin"])
    }

    @Test("given Alice's clearing is still running, when Bob's session ends too, then his clearing waits for hers and one wait covers both")
    func clearingsRunOneAfterTheOther() async {
        let sessions = SessionStore.test(alice)
        let log = ClearingLog()
        sessions.clearOnEnd { user in
            log.entries.append("start \(user.name)")
            for _ in 0..<5 { await Task.yield() }
            log.entries.append("end \(user.name)")
        }

        sessions.end()
        sessions.begin(bob)
        sessions.end()
        await sessions.userDataCleared()

        #expect(log.entries == ["start Alice Martin", "end Alice Martin", "start Bob Okafor", "end Bob Okafor"])
    }

    @Test("given a clearer that fails, when the session ends, then the others still run and a warning says not everything was cleared")
    func aFailingClearerIsToldAndTheRestRun() async {
        let sessions = SessionStore.test(alice)
        let warnings = Recorder(sessions.warnings)
        let log = ClearingLog()
        sessions.clearOnEnd { _ in throw ClearFailure() }
        sessions.clearOnEnd { user in log.entries.append(user.name) }

        sessions.end()
        await sessions.userDataCleared()

        #expect(log.entries == ["Alice Martin"])
        warnings.assertValues(["You are logged out, but what agora kept for you could not all be cleared (the cache is gone)."])
    }

    @Test("given nobody is logged in, when the session is ended again, then there is nobody's data to clear")
    func endingWithoutASessionClearsNothing() async {
        let sessions = SessionStore.test()
        let log = ClearingLog()
        sessions.clearOnEnd { user in log.entries.append(user.name) }

        sessions.end()
        await sessions.userDataCleared()

        #expect(log.entries.isEmpty)
    }
}

/// What the clearers did, in order.
@MainActor
private final class ClearingLog {
    var entries: [String] = []
}
