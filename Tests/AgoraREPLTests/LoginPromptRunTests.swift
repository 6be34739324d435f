import AgoraApp
import AgoraArchitecture
import AgoraREPL
import AgoraTestSupport
import Testing

/// `run` and a login the features wait for: an unattended run (a script) fails the command that
/// left it and gives up what waited, saying what; an attended one (a terminal, a pipe) lets the
/// next lines answer it, and says what was lost only when the input ends or the user quits.
@MainActor
@Suite("REPLSession.run at the login prompt", .timeLimit(.minutes(10)))
struct LoginPromptRunTests {
    let console = BufferConsole()

    func session() throws -> REPLSession {
        try REPLSession(configuration: Transcript.configuration, console: console)
    }

    /// Runs `lines` and returns the status and each command's outcome.
    func run(_ lines: [String], bail: Bool = false, unattended: Bool) async throws -> (status: Int32, ended: [String], session: REPLSession) {
        let session = try session()
        var remaining = lines[...]
        var ended: [String] = []
        session.commandEnded = { line, outcome in ended.append("\(line): \(outcome)") }
        let status = await session.run({ _ in remaining.popFirst() }, bail: bail, unattended: unattended)
        return (status, ended, session)
    }

    @Test("given an unattended run, when a post waits for a login, then the post fails, the login screen closes and the comment is kept as not sent")
    func unattendedPostFails() async throws {
        let (status, ended, session) = try await run(["open agora://events/1/comments", "post hi", "whoami"], unattended: true)

        #expect(status == 1)
        #expect(ended == ["open agora://events/1/comments: succeeded", "post hi: failed", "whoami: succeeded"])
        #expect(session.screens.top?.route.path == "events/1/comments", "the login screen closed")
        #expect(session.application.sessions.loginWaits.isEmpty)
        #expect(console.lines.contains { $0.hasPrefix("error: Not logged in, so the comment was not posted: a script cannot answer the login prompt") })
        #expect(console.lines.contains { $0.contains("(not sent) hi") }, "\(console.text)")
    }

    @Test("given an unattended run with bail, when an RSVP waits for a login, then nothing after it is read")
    func unattendedBail() async throws {
        let (status, ended, _) = try await run(["open agora://events/1", "rsvp yes", "whoami"], bail: true, unattended: true)

        #expect(status == 1)
        #expect(ended == ["open agora://events/1: succeeded", "rsvp yes: failed"])
        #expect(console.lines.contains("Not logged in, so no RSVP was sent."))
    }

    @Test("given an unattended run, when `login` opens the login screen and the next lines answer it, then nothing fails")
    func unattendedLoginCommand() async throws {
        let lines = ["login", "email alice@agora.example", "password agora-demo", "submit", "open agora://events/1/comments", "post hi"]
        let (status, _, _) = try await run(lines, unattended: true)

        #expect(status == 0, "\(console.text)")
        #expect(console.lines.contains("Comment posted."))
    }

    @Test("given an attended run, when a post's login is answered on the next lines, then the post follows the login and nothing fails")
    func attendedAnswered() async throws {
        let lines = ["open agora://events/1/comments", "post hi", "email alice@agora.example", "password agora-demo", "submit"]
        let (status, ended, _) = try await run(lines, unattended: false)

        #expect(status == 0, "\(console.text)")
        #expect(ended.allSatisfy { $0.hasSuffix(": succeeded") })
        #expect(console.lines.contains("Comment posted."))
    }

    @Test("given an attended run, when the input ends at a post's login prompt, then an error says the comment was not posted and the status is 1")
    func attendedInputEnds() async throws {
        let (status, ended, session) = try await run(["open agora://events/1/comments", "post hi"], unattended: false)

        #expect(status == 1)
        #expect(ended == ["open agora://events/1/comments: succeeded", "post hi: succeeded"], "the post itself waited, as at a terminal")
        #expect(console.lines.last == "error: The input ended at the login prompt, so the comment was not posted.")
        #expect(session.application.sessions.loginWaits.isEmpty)
    }

    @Test("given an attended run, when the user quits at an RSVP's login prompt, then quit fails saying no RSVP was sent")
    func attendedQuit() async throws {
        let (status, ended, _) = try await run(["open agora://events/1", "rsvp", "quit", "never read"], unattended: false)

        #expect(status == 1)
        #expect(ended.last == "quit: quit")
        #expect(console.lines.contains("error: Quit at the login prompt, so no RSVP was sent."))
    }
}
