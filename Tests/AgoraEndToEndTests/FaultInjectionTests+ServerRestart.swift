import Foundation
import Testing

extension FaultInjectionTests {
    @Test(
        "given the server is killed mid-session, when it restarts on the same database, then the same REPL goes on: nothing posted before, during or after is lost or doubled"
    )
    func serverKilledAndRestarted() async throws {
        let folder = try ScratchFolder("faults-kill")
        let database = folder.file("server.sqlite")
        let log = folder.file("server.log")
        let serverArguments = ["--bcrypt-cost", "4", "--log-level", "warning"]
        var server = try ServerProcess(database: database, log: log, extraArguments: serverArguments)
        let port = server.port
        let repl = try RunningREPL(home: folder.file("home"), serverURL: server.baseURL)
        try await repl.logInAsAlice()
        try await repl.openComments(eventID: Self.eventID)
        let before = uniqueComment("Posted before the crash")
        let during = uniqueComment("Posted while the server was down")
        var survival = SurvivalChecks()

        repl.type("post \(before)")
        survival.check("the first post: Comment posted.", await repl.printedLine("Comment posted."))

        // SIGKILL: no graceful shutdown; what the server acknowledged must be on disk.
        server.kill()
        repl.type("refresh")
        survival.check("refresh says: error: \(PostingFault.offline)", await repl.printedLine("error: \(PostingFault.offline)"))
        repl.type("post \(during)")
        survival.check("the second post is queued", await repl.printedLine(Self.queuedLine(PostingFault.offline)))

        server = try ServerProcess(database: database, log: log, port: port, extraArguments: serverArguments)
        defer { server.stop() }
        repl.type("retry")
        survival.check("after the restart, retry: Comment posted.", await repl.printedLine("Comment posted."))
        repl.type("open agora://events")
        survival.check("the next command works", await repl.printed("Upcoming events"))
        let exit = await repl.quit()
        survival.check("agora quits by itself", exit.exitedByItself)

        let bodies = try await ServerQuery(baseURL: server.baseURL).commentBodies(eventID: Self.eventID)
        let comments = CommentTally(posted: [before, during], onServer: bodies)
        let serverLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try Self.conclude(
            "server killed and restarted", survival: survival, comments: comments,
            details: "stdout: \(exit.stdout.suffix(2_000)) stderr: \(exit.stderr.suffix(1_000)) server log: \(serverLog.suffix(1_000))"
        )
    }
}
