import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// What the history file may keep: never a line that may hold a password or a two-factor code,
/// wherever it was typed and in whatever letter case.
@MainActor
@Suite("History privacy: secret lines are never remembered")
struct HistoryPrivacyTests {
    let session: REPLSession

    init() throws {
        session = try REPLSession(configuration: Transcript.configuration, console: BufferConsole())
    }

    @Test(
        "given the events screen, where no password command applies, when a password or code line is typed in any case, then it is not remembered",
        arguments: [
            "password hunter2", "PASSWORD hunter2", "Password", "code 424242", "CODE 424242", "  code\t424242",
        ])
    func secretLinesAnywhere(_ line: String) async {
        #expect(await session.execute("open agora://events") == .succeeded)

        #expect(!session.mayRemember(line))
        #expect(!session.asksForHiddenValue(line), "only the login screen asks for a hidden value")
    }

    @Test("given the login screen, when `password` or `code` is typed alone, then it is not remembered and the value is asked for hidden")
    func loginScreenAsksHidden() async {
        #expect(await session.execute("login") == .succeeded)

        #expect(!session.mayRemember("password"))
        #expect(session.asksForHiddenValue("password"))
        #expect(session.asksForHiddenValue("code"))
        #expect(!session.asksForHiddenValue("email"))
    }

    @Test(
        "given any screen, when an ordinary command is typed, then it is remembered",
        arguments: [
            "open agora://events", "help password", "post my code is on the wiki", "email alice@agora.example",
        ])
    func ordinaryLinesAreRemembered(_ line: String) async {
        #expect(await session.execute("open agora://events") == .succeeded)

        #expect(session.mayRemember(line))
    }
}
