import Foundation
import Testing

/// A page of comments that meets a fault: the REPL explains it, and `refresh` loads the page.
struct ReadingFault: Sendable, CustomTestStringConvertible {
    let fault: Fault
    /// The error line the REPL prints.
    let line: String
    var requestTimeoutMilliseconds: Int?

    var testDescription: String { "\(fault)" }

    static let all: [ReadingFault] = [
        ReadingFault(fault: .dropBeforeAnswer, line: "error: \(PostingFault.offline)"),
        ReadingFault(fault: .dropAfterHeaders, line: "error: \(PostingFault.offline)"),
        ReadingFault(fault: .dropMidBody, line: "error: \(PostingFault.offline)"),
        ReadingFault(fault: .delayAnswer(.seconds(20)), line: "error: \(PostingFault.timeout)", requestTimeoutMilliseconds: 1_500),
        ReadingFault(fault: .status(503, code: "unavailable"), line: "error: The server failed (HTTP 503). Try again."),
        ReadingFault(fault: .undecodableBody(reachingServer: true), line: "error: The server sent a response Agora cannot read (not JSON)."),
    ]
}

extension FaultInjectionTests {
    @Test(
        "given the comments' first page meets a broken answer, when the user refreshes, then the REPL said why in one line and shows the page",
        arguments: ReadingFault.all
    )
    func readDuringFault(_ trial: ReadingFault) async throws {
        let scene = try FaultScene("read-\(trial.fault)")
        let environment = trial.requestTimeoutMilliseconds.map { ["AGORA_REQUEST_TIMEOUT": String($0)] } ?? [:]
        let repl = try scene.startREPL(environment: environment)
        var survival = SurvivalChecks()

        scene.proxy.inject(trial.fault, on: .get(Self.commentsPath))
        repl.type("open agora://events/\(Self.eventID)/comments")
        survival.check("the error line: \(trial.line)", await repl.printedLine(trial.line))
        survival.check("the fault was applied to the page", scene.proxy.appliedFaults == [trial.fault])
        repl.type("refresh")
        survival.check("refresh shows the comments", await repl.printed("Comments, newest first"))
        let exit = await repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)

        try Self.conclude(
            "read: \(trial.fault)", survival: survival, comments: CommentTally(posted: [], onServer: []),
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) \(scene.diagnostics)"
        )
    }
}
