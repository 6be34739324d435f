import AgoraApp
import AgoraREPL
import AgoraTestSupport
import Testing

/// An RSVP that waits for a login ends as it would logged in first: one message, true to what
/// the RSVP changed, and the event drawn once.
@MainActor
@Suite("RSVP through the login: one message, one redraw")
struct RSVPThroughLoginTests {
    /// Carol goes to event 6 in the test data ((6 + 3) % 3 == 0).
    static let login = ["email carol@agora.example", "password agora-demo", "submit"]

    /// The lines printed by running `commands` in a fresh session.
    func output(_ commands: [String]) async throws -> [String] {
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        for command in commands { _ = await session.execute(command) }
        return console.lines
    }

    @Test(
        "given Carol already goes to event 6, when she RSVPs logged out and then logs in, then she is told she was already going, once, and the event is drawn once after the login"
    )
    func alreadyGoingThroughLogin() async throws {
        let lines = try await output(["open agora://events/6", "rsvp yes"] + Self.login)

        let title = try #require(lines.first)
        let afterLogin = try #require(lines.split(separator: "Logged in as Carol Nguyen.", omittingEmptySubsequences: false).last)
        #expect(afterLogin.filter { $0 == title }.count == 1, "drawn once after the login: \(lines)")
        #expect(afterLogin.contains { $0.contains("(you're going)") })
        #expect(afterLogin.filter { $0.hasPrefix("You") } == ["You were already going to \(title)."], "\(lines)")
    }

    @Test("given Carol already goes to event 6, when she logs in first and RSVPs, then the message is the same")
    func alreadyGoingLoggedInFirst() async throws {
        let lines = try await output(["login"] + Self.login + ["open agora://events/6", "rsvp yes"])

        #expect(lines.last?.hasPrefix("You were already going to ") == true, "\(lines)")
    }

    @Test(
        "given Alice does not go to event 7, when she RSVPs logged out and then logs in, then she is told she is going, and the event is drawn once, with her going"
    )
    func goingThroughLogin() async throws {
        let lines = try await output(["open agora://events/7", "rsvp yes", "email alice@agora.example", "password agora-demo", "submit"])

        let title = try #require(lines.first)
        let afterLogin = try #require(lines.split(separator: "Logged in as Alice Martin.", omittingEmptySubsequences: false).last)
        #expect(afterLogin.filter { $0 == title }.count == 1, "\(lines)")
        #expect(afterLogin.last == "You're going to \(title).")
    }
}
