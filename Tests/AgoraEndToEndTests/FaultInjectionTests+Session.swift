import Foundation
import Testing

/// A post the server refuses because the session ended, and how the user goes on.
struct SessionFault: Sendable, CustomTestStringConvertible {
    /// How the server comes to refuse the session.
    enum End: String, Sendable {
        /// The proxy answers the post with the 401 an expired token gets.
        case injected401 = "http-401"
        /// The server issues two-second tokens and the post waits three seconds.
        case tokenExpired = "token-expired"
    }

    /// What the user does after the REPL asks to log in again.
    enum Recovery: String, Sendable {
        /// Logs in on the login screen that opened.
        case logIn = "logs in"
        /// Quits first (to find the password, say), starts agora again and logs in there.
        case restartThenLogIn = "restarts agora, then logs in"
    }

    let end: End
    let recovery: Recovery

    var testDescription: String { "\(end.rawValue), then the user \(recovery.rawValue)" }

    static let all = [
        SessionFault(end: .injected401, recovery: .logIn),
        SessionFault(end: .tokenExpired, recovery: .logIn),
        SessionFault(end: .injected401, recovery: .restartThenLogIn),
    ]
}

extension FaultInjectionTests {
    @Test(
        "given the session ends on the server, when the user posts, then the REPL says to log in again and, after the login, the server has the comment exactly once",
        arguments: SessionFault.all
    )
    func postWithEndedSession(_ trial: SessionFault) async throws {
        let scene = try FaultScene("session-\(trial.end.rawValue)", serverArguments: trial.end == .tokenExpired ? ["--token-lifetime", "2"] : [])
        var repl = try scene.startREPL()
        try await repl.logInAsAlice()
        let loggedIn = ContinuousClock.now
        try await repl.openComments(eventID: Self.eventID)
        let text = uniqueComment("Posted as the session ended (\(trial.end.rawValue))")
        var survival = SurvivalChecks()

        switch trial.end {
        case .injected401:
            scene.proxy.inject(.status(401, code: "unauthorized"), on: .post(Self.commentsPath))
        case .tokenExpired:
            // Tokens live two whole seconds, checked in whole seconds: three are enough.
            let expired = loggedIn + .seconds(3)
            if ContinuousClock.now < expired { try await Task.sleep(until: expired) }
        }
        repl.type("post \(text)")
        survival.check(
            "the line: error: Your session has expired. Log in again.", await repl.printedLine("error: Your session has expired. Log in again.")
        )
        survival.check("the login screen", await repl.printed("Log in to Agora"))

        switch trial.recovery {
        case .logIn:
            for line in RunningREPL.aliceLogin.dropFirst() { repl.type(line) }
            survival.check("logged in again", await repl.printed("Logged in as Alice Martin."))
        case .restartThenLogIn:
            survival.check("the first agora quits by itself", await repl.quit().exitedByItself)
            repl = try scene.startREPL()
            repl.type("whoami")
            survival.check("the ended session was not kept", await repl.printed("Not logged in."))
            repl.type("open agora://events/\(Self.eventID)/comments")
            survival.check("the comment is still there, queued", await repl.printed(text))
            try await repl.logInAsAlice()
            repl.type("retry")
        }
        survival.check("then: Comment posted.", await repl.printedLine("Comment posted."))
        repl.type("open agora://events")
        survival.check("the next command works", await repl.printed("Upcoming events"))
        let exit = await repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)
        if trial.end == .injected401 {
            survival.check("the 401 was applied to the post", scene.proxy.appliedFaults == [.status(401, code: "unauthorized")])
        }

        let comments = CommentTally(posted: [text], onServer: try await scene.query.commentBodies(eventID: Self.eventID))
        try Self.conclude(
            "session: \(trial.end.rawValue), user \(trial.recovery.rawValue)", survival: survival, comments: comments,
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) \(scene.diagnostics)"
        )
    }
}
