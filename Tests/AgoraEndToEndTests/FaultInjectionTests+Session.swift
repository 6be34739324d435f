import Foundation
import Testing

extension FaultInjectionTests {
    /// How the server comes to refuse the session a post is sent with.
    enum SessionEnd: String, Sendable, CaseIterable {
        /// The proxy answers the post with the 401 an expired token gets.
        case injected401 = "a 401 from the proxy"
        /// The server issues two-second tokens and the post waits three seconds.
        case tokenExpired = "a token the server's clock expired"
    }

    @Test(
        "given the session ends on the server, when the user posts, then the REPL says to log in again and, after the login, the server has the comment exactly once",
        arguments: SessionEnd.allCases
    )
    func postWithEndedSession(_ end: SessionEnd) async throws {
        let scene = try FaultScene("session-\(end)", serverArguments: end == .tokenExpired ? ["--token-lifetime", "2"] : [])
        let repl = try scene.startREPL()
        try repl.logInAsAlice()
        let loggedIn = ContinuousClock.now
        try repl.openComments(eventID: Self.eventID)
        let text = uniqueComment("Posted as the session ended (\(end))")
        var survival = SurvivalChecks()

        switch end {
        case .injected401:
            scene.proxy.inject(.status(401, code: "unauthorized"), on: .post(Self.commentsPath))
        case .tokenExpired:
            // Tokens live two whole seconds, checked in whole seconds: three are enough.
            let expired = loggedIn + .seconds(3)
            if ContinuousClock.now < expired { try await Task.sleep(until: expired) }
        }
        repl.type("post \"\(text)\"")
        survival.check("the line: error: Your session has expired. Log in again.", repl.printedLine("error: Your session has expired. Log in again."))
        survival.check("the login screen", repl.printed("Log in to Agora"))
        for line in RunningREPL.aliceLogin.dropFirst() { repl.type(line) }
        survival.check("logged in again", repl.printed("Logged in as Alice Martin."))
        survival.check("then: Comment posted.", repl.printedLine("Comment posted."))
        repl.type("open agora://events")
        survival.check("the next command works", repl.printed("Upcoming events"))
        let exit = repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)
        if end == .injected401 {
            survival.check("the 401 was applied to the post", scene.proxy.appliedFaults == [.status(401, code: "unauthorized")])
        }

        let comments = CommentTally(posted: [text], onServer: try await scene.query.commentBodies(eventID: Self.eventID))
        try Self.conclude(
            "session: \(end == .injected401 ? "http-401" : "token-expired")", survival: survival, comments: comments,
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) \(scene.diagnostics)"
        )
    }
}
