import Foundation
import Testing

extension FaultInjectionTests {
    @Test("given the server deleted a comment but the connection closed before its answer, when the user deletes it again, then it is deleted, not 'not found'")
    func deleteWithLostAnswer() async throws {
        let scene = try FaultScene("delete")
        let repl = try scene.startREPL()
        try await repl.logInAsAlice()
        try await repl.openComments(eventID: Self.eventID)
        let text = uniqueComment("Deleted through a cut answer")
        repl.type("post \(text)")
        try await repl.waitFor("Comment posted.")
        var survival = SurvivalChecks()

        scene.proxy.inject(.dropBeforeAnswer, on: .delete(under: "/v1/comments/"))
        repl.type("delete 1")
        survival.check("the line: error: \(PostingFault.offline)", await repl.printedLine("error: \(PostingFault.offline)"))
        survival.check("the fault was applied to the delete", scene.proxy.appliedFaults == [.dropBeforeAnswer])
        repl.type("delete 1")
        survival.check("the second delete: Comment deleted.", await repl.printedLine("Comment deleted."))
        repl.type("open agora://events")
        survival.check("the next command works", await repl.printed("Upcoming events"))
        let exit = await repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)
        let bodies = try await scene.query.commentBodies(eventID: Self.eventID)
        survival.check("the server no longer has the comment", !bodies.contains(text))

        try Self.conclude(
            "delete: drop-before-answer", survival: survival, comments: CommentTally(posted: [], onServer: bodies),
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) \(scene.diagnostics)"
        )
    }
}
