import Foundation
import Testing

/// The shell's habits that only a terminal shows: the pager, the startup file, a session whose
/// output goes through a pipe.
@Suite(
    "shell settings on a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct ShellSettingsTerminalTests {
    /// A pager that marks each line it shows, so the screen tells paged lines from the rest, then
    /// reads a key from the terminal as `less` does, which only a program in the terminal's
    /// foreground can.
    static let markingPager = "sed 's/^/paged: /'; read -r key < /dev/tty && echo \"pager read: $key\""

    @Test(
        "given a 15-row terminal, when a command prints more lines than that, then they go through $PAGER, which has the terminal's keys; a short answer does not, and after `pager off` nothing does"
    )
    func tallOutputGoesThroughThePager() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, environment: ["PAGER": Self.markingPager], height: 15)
            try await terminal.waitForPrompt()

            try terminal.type("open agora://events")
            try terminal.press("Enter")
            let paging = try await terminal.waitForScreen("the list in the pager") { $0.contains("paged: 20  ") }
            #expect(TmuxSession.lastLine(of: paging)?.hasPrefix("oss") == false, "the pager has the terminal until a key:\n\(paging)")
            try terminal.type("q")
            try terminal.press("Enter")
            let paged = try await terminal.waitForPrompt("oss events>")
            #expect(paged.contains("pager read: q"), "the pager read the key from the terminal:\n\(paged)")

            try terminal.type("whoami")
            try terminal.press("Enter")
            let short = try await terminal.waitForScreen("whoami's answer") { $0.contains("\nNot logged in.\n") }
            #expect(!short.contains("paged: Not logged in."), "one line fits the terminal")

            try terminal.type("pager off")
            try terminal.press("Enter")
            try await terminal.waitForScreen("the pager turned off") { $0.contains("\nPager is off.\n") }
            try terminal.type("more")
            try terminal.press("Enter")
            let unpaged = try await terminal.waitForScreen("the next page") { $0.contains("\n40  ") }
            #expect(!unpaged.contains("paged: 40  "), "with the pager off the page is written as it is:\n\(unpaged)")
        }
    }

    /// Writes `text` as the startup file under `home/config` (`XDG_CONFIG_HOME`).
    static func writeStartupFile(_ text: String, home: URL) throws -> [String: String] {
        let folder = home.appendingPathComponent("config/agora")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("agorarc"), atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
    }

    @Test(
        "given a startup file that turns timing on, when agora starts at a terminal, then its commands run untimed before the first prompt, a bad line named by its file and line, and the commands typed are timed; with -X they do not run"
    )
    func startupFileRunsBeforeThePrompt() async throws {
        try await withTemporaryHome { home in
            let environment = try Self.writeStartupFile("# my settings\ntiming on\nfnord\nopen agora://events\n", home: home)
            let terminal = try TmuxSession(home: home, environment: environment)

            let screen = try await terminal.waitForPrompt("oss events>")
            let file = home.appendingPathComponent("config/agora/agorarc").path
            #expect(screen.contains("Timing is on."))
            // An error wider than the terminal goes on over indented lines.
            let unwrapped = screen.replacingOccurrences(of: "\n  ", with: " ")
            #expect(unwrapped.contains("\(file):3: error: Unknown command 'fnord'"), "the error names its line:\n\(screen)")
            #expect(screen.contains("Upcoming events"))
            #expect(!screen.contains("Time: "), "the file's lines are not shown, so none is timed:\n\(screen)")
            try terminal.type("whoami")
            try terminal.press("Enter")
            try await terminal.waitForScreen("whoami timed") { $0.contains("Not logged in.\nTime: ") }
        }
        try await withTemporaryHome { home in
            let environment = try Self.writeStartupFile("timing on\nopen agora://events\n", home: home)
            let terminal = try TmuxSession(home: home, arguments: ["-X"], environment: environment)

            let screen = try await terminal.waitForPrompt()
            #expect(!screen.contains("Timing is on."), "-X skips the file:\n\(screen)")
        }
    }

    @Test(
        "given `agora | tee LOG` at a terminal, when a command is completed with TAB and run, then the session is interactive, and LOG has the output without the prompts"
    )
    func interactiveWithOutputThroughAPipe() async throws {
        try await withTemporaryHome { home in
            let log = home.appendingPathComponent("session.log")
            let terminal = try TmuxSession(home: home, arguments: ["--oss"], outputFilter: ["tee", log.path])
            try await terminal.waitForPrompt()

            try terminal.type("whoa")
            try terminal.press("Tab")
            try terminal.press("Enter")
            // The answer comes through tee, the next prompt straight to the terminal: either may be first.
            let screen = try await terminal.waitForScreen("whoami's answer and the next prompt") {
                $0.contains("oss> whoami") && $0.contains("Not logged in.") && $0.components(separatedBy: "oss>").count == 3
            }
            try terminal.press("C-d")
            _ = try await terminal.exitStatus()

            #expect(screen.hasPrefix("Agora "), "the banner comes before the first prompt:\n\(screen)")
            let written = try String(contentsOf: log, encoding: .utf8)
            #expect(written.contains("Not logged in.\n"))
            #expect(!written.contains("oss>"), "the prompts are drawn on the terminal, not in the output: \(written)")
        }
    }
}
