import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Testing

/// What the features hold until a login, in one list a script can give up: `LoginGate` lists an
/// action that says what it leaves undone, and takes it off when it runs or is cancelled.
@MainActor
@Suite("Login waits: what a script gives up")
struct LoginWaitsTests {
    let sessions = SessionStore.test()

    @Test(
        "given a logged-out gate, when an action that holds something waits, then it is listed, and abandoning it cancels it, says what was undone and closes the login"
    )
    func abandonCancels() {
        let gate = LoginGate(sessions: sessions)
        var events: [String] = []
        let closed = sessions.loginWaits.abandoned.observe { events.append("login closed") }
        defer { closed.cancel() }

        gate.withSession({ _ in events.append("ran") }, ifCancelled: { events.append("cancelled") }, undone: { "the comment was not posted" })
        #expect(!sessions.loginWaits.isEmpty)

        let undone = sessions.loginWaits.abandon()

        #expect(undone == ["the comment was not posted"])
        #expect(events == ["login closed", "cancelled"], "the login closes first, then the action is cancelled once")
        #expect(sessions.loginWaits.isEmpty)
        #expect(!gate.isWaiting)
        sessions.begin(.demo())
        #expect(events == ["login closed", "cancelled"], "a later login runs nothing given up")
    }

    @Test("given a waiting action, when abandoned without closing the login (the input ended), then it is cancelled and the login is not told")
    func abandonWithoutClosing() {
        let gate = LoginGate(sessions: sessions)
        var events: [String] = []
        let closed = sessions.loginWaits.abandoned.observe { events.append("login closed") }
        defer { closed.cancel() }
        gate.withSession({ _ in }, ifCancelled: { events.append("cancelled") }, undone: { "no RSVP was sent" })

        #expect(sessions.loginWaits.abandon(closingLogin: false) == ["no RSVP was sent"])
        #expect(events == ["cancelled"])
    }

    @Test("given an action that holds nothing (a feed shown after the login), when it waits, then it is not listed and abandoning leaves it waiting")
    func actionWithoutUndoneIsNotListed() {
        let gate = LoginGate(sessions: sessions)
        var ran = false

        gate.withSession({ _ in ran = true }, ifCancelled: {})

        #expect(sessions.loginWaits.isEmpty)
        #expect(sessions.loginWaits.abandon().isEmpty)
        sessions.begin(.demo())
        #expect(ran)
    }

    @Test("given a waiting action, when the login happens, then it runs and is no longer listed")
    func loginReleases() {
        let gate = LoginGate(sessions: sessions)
        var ran = false
        gate.withSession({ _ in ran = true }, ifCancelled: {}, undone: { "no RSVP was sent" })

        sessions.begin(.demo())

        #expect(ran)
        #expect(sessions.loginWaits.isEmpty)
    }

    @Test("given a waiting action, when its screen reappears without a login, then it is cancelled and no longer listed")
    func reappearReleases() {
        let gate = LoginGate(sessions: sessions)
        var cancelled = 0
        gate.withSession({ _ in }, ifCancelled: { cancelled += 1 }, undone: { "no RSVP was sent" })

        gate.screenReappeared()

        #expect(cancelled == 1)
        #expect(sessions.loginWaits.isEmpty)
        #expect(sessions.loginWaits.abandon().isEmpty, "nothing is cancelled twice")
        #expect(cancelled == 1)
    }

    @Test("given two gates waiting, when abandoned, then each says what it left undone, in the order they waited")
    func twoGates() {
        let first = LoginGate(sessions: sessions)
        let second = LoginGate(sessions: sessions)
        first.withSession({ _ in }, ifCancelled: {}, undone: { "the comment was not posted" })
        second.withSession({ _ in }, ifCancelled: {}, undone: { "no RSVP was sent" })

        #expect(sessions.loginWaits.abandon() == ["the comment was not posted", "no RSVP was sent"])
    }

    @Test("given a waiting action, when the same gate asks again, then only the newer one is listed")
    func newerReplaces() {
        let gate = LoginGate(sessions: sessions)
        var cancelled: [String] = []
        gate.withSession({ _ in }, ifCancelled: { cancelled.append("first") }, undone: { "first" })
        gate.withSession({ _ in }, ifCancelled: { cancelled.append("second") }, undone: { "second" })

        #expect(sessions.loginWaits.abandon() == ["second"])
        #expect(cancelled == ["first", "second"])
    }
}
