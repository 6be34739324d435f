import AgoraChildProcess
import Foundation
import Testing

/// A post that meets a fault, and how the user gets it to the server afterwards.
struct PostingFault: Sendable, CustomTestStringConvertible {
    /// How the comment reaches the server once the fault is gone.
    enum Recovery: String, Sendable {
        /// `retry` on the same screen.
        case retry
        /// Opening the comments again (their first page sends what is queued).
        case reopenComments = "reopening the comments"
        /// Quitting and starting agora again: the outbox is on disk.
        case restartREPL = "a restart of agora"
    }

    let fault: Fault
    /// The reason the REPL gives, as ``ServiceError``'s description says it.
    let reason: String
    let recovery: Recovery
    /// `AGORA_REQUEST_TIMEOUT` for the run, when the fault needs a short one.
    var requestTimeoutMilliseconds: Int?

    var testDescription: String { "\(fault), then \(recovery.rawValue)" }

    /// Live mode names the server, whose port each run picks: ``RunningREPL/printedLine(_:timeout:)``
    /// reads it as `<server>`.
    static let offline = "The server at <server> cannot be reached: start it with `Scripts/agora-server --seed demo`, or set AGORA_SERVER_URL to where it runs."
    static let timeout = "The server took too long to answer. Try again."

    static let all: [PostingFault] = [
        PostingFault(fault: .dropBeforeAnswer, reason: offline, recovery: .retry),
        PostingFault(fault: .dropAfterHeaders, reason: offline, recovery: .retry),
        PostingFault(fault: .dropMidBody, reason: offline, recovery: .reopenComments),
        PostingFault(fault: .delayAnswer(.seconds(20)), reason: timeout, recovery: .retry, requestTimeoutMilliseconds: 1_500),
        // The resend overtakes the first attempt: the server stores the resend and then meets
        // the first attempt's client id again.
        PostingFault(fault: .delayRequest(.seconds(20)), reason: timeout, recovery: .retry, requestTimeoutMilliseconds: 1_500),
        PostingFault(fault: .status(500, code: "internal"), reason: "The server failed (HTTP 500). Try again.", recovery: .restartREPL),
        PostingFault(
            fault: .undecodableBody(reachingServer: true), reason: "The server sent a response Agora cannot read (not JSON).",
            recovery: .retry
        ),
        PostingFault(
            fault: .undecodableBody(reachingServer: false), reason: "The server sent a response Agora cannot read (not JSON).",
            recovery: .restartREPL
        ),
    ]
}

extension FaultInjectionTests {
    @Test(
        "given a post meets a broken answer, when the fault is gone, then the REPL said why in one line, kept working, and the server has the comment exactly once",
        arguments: PostingFault.all
    )
    func postDuringFault(_ trial: PostingFault) async throws {
        let scene = try FaultScene("post-\(trial.fault)")
        let environment = trial.requestTimeoutMilliseconds.map { ["AGORA_REQUEST_TIMEOUT": String($0)] } ?? [:]
        var repl = try scene.startREPL(environment: environment)
        try await repl.logInAsAlice()
        try await repl.openComments(eventID: Self.eventID)
        let text = uniqueComment("Posted through \(trial.fault)")
        var survival = SurvivalChecks()

        scene.proxy.inject(trial.fault, on: .post(Self.commentsPath))
        repl.type("post \(text)")
        survival.check("the queued line: \(Self.queuedLine(trial.reason))", await repl.printedLine(Self.queuedLine(trial.reason)))
        survival.check("the fault was applied to the post", scene.proxy.appliedFaults == [trial.fault])

        switch trial.recovery {
        case .retry:
            repl.type("retry")
        case .reopenComments:
            repl.type("open agora://events/\(Self.eventID)/comments")
        case .restartREPL:
            survival.check("the first agora quits by itself", await repl.quit().exitedByItself)
            repl = try scene.startREPL(environment: environment)
            repl.type("open agora://events/\(Self.eventID)/comments")
        }
        survival.check("after \(trial.recovery.rawValue): Comment posted.", await repl.printedLine("Comment posted."))
        repl.type("open agora://events")
        survival.check("the next command works", await repl.printed("Upcoming events"))
        let exit = await repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)

        // A held request or answer finishes first, so every attempt has reached the server.
        #expect(await scene.proxy.waitUntilIdle(timeout: Hang.bound), "the proxy is still busy: \(scene.diagnostics)")
        let comments = CommentTally(posted: [text], onServer: try await scene.query.commentBodies(eventID: Self.eventID))
        try Self.conclude(
            "post: \(trial.fault)", survival: survival, comments: comments,
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) \(scene.diagnostics)"
        )
        // The server's side of it: one attempt stored the comment (201); when the faulty
        // attempt reached the server too, the other one met its client id and was answered
        // with the stored comment (200) — the idempotent path, not a lucky miss.
        let posts = scene.proxy.exchanges.filter { $0.method == "POST" && $0.target == Self.commentsPath }
        #expect(posts.filter { $0.serverStatus == 201 }.count == 1, "\(scene.diagnostics)")
        if trial.fault.reachesServer {
            #expect(posts.contains { $0.serverStatus == 200 }, "\(scene.diagnostics)")
        }
    }
}
