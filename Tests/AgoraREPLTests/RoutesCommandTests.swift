import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// `routes`: every link `open` takes, built from the plugins, so a new feature's links appear with
/// no edit to the REPL. (Checked here rather than in a transcript, which a new feature would change.)
@MainActor
@Suite("routes lists every plugin's links")
struct RoutesCommandTests {
    @Test("given the app's plugins, when `routes` is typed, then a table lists each kind of screen's link and what it opens, and each link opens")
    func listsEveryLink() async throws {
        let console = BufferConsole()
        let session = try REPLSession(configuration: Transcript.configuration, console: console)

        #expect(await session.execute("routes") == .succeeded)

        let lines = console.lines
        #expect(lines.first?.hasPrefix("Link") == true && lines.first?.contains("Opens") == true, "\(lines)")
        let expected = [
            ("agora://events ", "the upcoming events"), ("agora://events/42 ", "an event's screen"),
            ("agora://events/42/comments", "an event's comments"), ("agora://activities", "your activity feed"),
            ("agora://login", "the login screen"),
        ]
        for (link, place) in expected {
            #expect(lines.contains { $0.hasPrefix(link) && $0.hasSuffix(place) }, "no line for \(link): \(lines)")
        }
        for line in lines.dropFirst() {
            let link = String(line.prefix { $0 != " " })
            #expect(Route(url: link) != nil, "\(link) is not a link open takes")
        }
    }
}
