import Foundation
import Testing

/// The interactive REPL as a person uses it, on a real terminal (tmux). Skipped, with the reason
/// printed, only where tmux is missing (Scripts/bootstrap installs it). Serialized: each test
/// starts its own tmux server, and two cores are enough for one at a time.
@Suite(
    "agora on a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/bootstrap"),
    .timeLimit(.minutes(10))
)
struct TerminalTests {
    @Test("given the prompt, when `op` and TAB are typed, then the line reads `open ` and the command runs")
    func tabCompletesCommand() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()

            try terminal.type("op")
            try terminal.press("Tab")
            try await terminal.waitForScreen("`op` completed to `open`") { TmuxSession.lastLine(of: $0) == "oss> open" }
            try terminal.type("agora://events")
            try terminal.press("Enter")

            let screen = try await terminal.waitForPrompt("oss events>")
            #expect(screen.contains("oss> open agora://events"), "TAB added the space after `open`")
            #expect(screen.contains("Upcoming events"))
        }
    }

    @Test("given a 100-column terminal resized to 60, when a list is drawn again, then no line is wider than 60: the width follows the terminal")
    func widthFollowsResize() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, width: 100)
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            let wide = try await terminal.waitForPrompt("oss events>")
            #expect(wide.split(separator: "\n").contains { $0.count > 60 }, "at 100 columns the table uses them")

            try terminal.resize(width: 60)
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            // What the second `open` printed: after its command line, up to the prompt again.
            func redrawn(_ screen: String) -> [Substring]? {
                guard let command = screen.range(of: "oss events> open agora://events", options: .backwards) else { return nil }
                let lines = screen[command.upperBound...].split(separator: "\n")
                guard lines.last?.hasPrefix("oss events>") == true, lines.contains(where: { $0.hasPrefix("20 ") }) else { return nil }
                return Array(lines.dropLast())
            }
            let screen = try await terminal.waitForScreen("the table drawn again at 60 columns") { redrawn($0) != nil }

            let lines = try #require(redrawn(screen))
            #expect(lines.contains { $0.hasPrefix(" 1 ") })
            #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.joined(separator: "\n"))")
        }
    }

    @Test("given a 50-column terminal, when the banner and help are longer, then they break between words, never past the edge")
    func proseBreaksBetweenWords() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, width: 50)
            try await terminal.waitForPrompt()
            try terminal.type("help open")
            try terminal.press("Enter")
            let screen = try await terminal.waitForPrompt("oss>")

            // Joined captures (-J) undo the terminal's own wrapping: a line over 50 was cut by it.
            let lines = screen.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= 50 }, "\(screen)")
            #expect(lines.contains { $0.contains("`open agora://events`") }, "a word is never split: \(screen)")
        }
    }

    @Test("given a link typed up to an id and a slash, when TAB is pressed, then the link is completed from the plugins' patterns")
    func tabCompletesLink() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()

            try terminal.type("open agora://events/2/")
            try terminal.press("Tab")
            try await terminal.waitForScreen("the link completed") { TmuxSession.lastLine(of: $0) == "oss> open agora://events/2/comments" }
            try terminal.press("Enter")

            let screen = try await terminal.waitForPrompt("oss events/2/comments>")
            #expect(screen.contains("Comments, newest first"))
        }
    }

    @Test("given 40 rows, when TAB is pressed twice after `open 1`, then the rows it could be are listed by number, and the line is unchanged")
    func tabListsRowsByNumber() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            try await terminal.waitForPrompt("oss events>")
            try terminal.type("more")
            try terminal.press("Enter")
            try await terminal.waitForScreen("the second page") { $0.contains("40  ") && TmuxSession.lastLine(of: $0) == "oss events>" }

            try terminal.type("open 1")
            try terminal.press("Tab")
            try terminal.press("Tab")
            // The listing, not the table's row 19: a line of numbers only, from 1 to 19.
            func listing(_ screen: String) -> Substring? {
                screen.split(separator: "\n").last { line in
                    let words = line.split(separator: " ")
                    return words.count > 1 && words.allSatisfy { Int($0) != nil } && words.contains("19")
                }
            }
            let screen = try await terminal.waitForScreen("the rows listed") {
                listing($0) != nil && TmuxSession.lastLine(of: $0) == "oss events> open 1"
            }

            let listed = try #require(listing(screen))
            let numbers = listed.split(separator: " ").compactMap { Int($0) }
            #expect(numbers == [1] + Array(10...19), "listed by value: \(listed)")
        }
    }

    @Test(
        "given the events shown, when TAB is pressed twice after `open agora://events/`, then their ids are listed by value beside the place without one (going), and the line is unchanged"
    )
    func tabListsLinkIDsByValue() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            try await terminal.waitForPrompt("oss events>")

            try terminal.type("open agora://events/")
            try terminal.press("Tab")
            try terminal.press("Tab")
            // The listing, in columns read down then across: the ids of the 20 events shown, and
            // `going`.
            func listing(_ screen: String) -> [Substring] {
                let rows = screen.split(separator: "\n").map { $0.split(separator: " ") }.filter { words in
                    words.count > 4 && words.allSatisfy { Int($0) != nil || $0 == "going" }
                }
                let columns = rows.map(\.count).max() ?? 0
                return (0..<columns).flatMap { column in rows.compactMap { $0.indices.contains(column) ? $0[column] : nil } }
            }
            let screen = try await terminal.waitForScreen("the ids listed") {
                listing($0).count == 21 && TmuxSession.lastLine(of: $0) == "oss events> open agora://events/"
            }

            #expect(listing(screen) == (1...20).map { Substring(String($0)) } + ["going"], "listed by value, by id alone: \(screen)")
        }
    }

    @Test("given a narrow terminal, when a list is drawn, then dates are compact; on a wide one, full")
    func compactDatesWhenNarrow() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home, width: 80)
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            let narrow = try await terminal.waitForPrompt("oss events>")
            #expect(narrow.contains("Upcoming events") && !narrow.contains("2026"), "no year below 100 columns: \(narrow)")

            try terminal.resize(width: 120)
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            let wide = try await terminal.waitForScreen("the table at 120 columns") { $0.contains("2026") }
            #expect(wide.contains("2026"))
        }
    }

    @Test("given a command typed and Ctrl-D, when agora starts again, then Up recalls it, and Ctrl-D exits 0")
    func historyAcrossRestarts() async throws {
        try await withTemporaryHome { home in
            do {
                let first = try TmuxSession(home: home)
                try await first.waitForPrompt()
                try first.type("whoami")
                try first.press("Enter")
                try await first.waitForScreen("whoami's answer") { $0.contains("Not logged in.") }
                try await first.waitForPrompt()
                try first.press("C-d")
                #expect(try await first.exitStatus() == 0)
            }

            let second = try TmuxSession(home: home)
            try await second.waitForPrompt()
            try second.press("Up")
            try await second.waitForScreen("the recalled line") { TmuxSession.lastLine(of: $0) == "oss> whoami" }
            // Ctrl-D quits only on an empty line: clear it first.
            try second.press("C-c")
            try await second.waitForPrompt()
            try second.press("C-d")
            #expect(try await second.exitStatus() == 0)
        }
    }

    @Test("given a line being typed, when Ctrl-C is pressed, then the line is dropped and the next one runs alone")
    func controlCClearsTheLine() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            try terminal.type("whoa")
            try await terminal.waitForScreen("the typed text") { TmuxSession.lastLine(of: $0) == "oss> whoa" }

            try terminal.press("C-c")
            try await terminal.waitForPrompt()
            try terminal.type("whoami")
            try terminal.press("Enter")

            // Its answer, then the prompt: the screen checked is the one whoami left.
            let screen = try await terminal.waitForScreen("whoami's answer and the next prompt") {
                $0.contains("Not logged in.") && TmuxSession.lastLine(of: $0) == "oss>"
            }
            #expect(screen.contains("oss> whoa^C"))
            #expect(!screen.contains("unknown command"), "the dropped text did not join the next line")
            try terminal.press("C-d")
            #expect(try await terminal.exitStatus() == 0, "Ctrl-C did not end agora")
        }
    }

    @Test("given a command whose answer takes an hour, when Ctrl-C is pressed, then it stops, says so, and the prompt returns on the screen it began on")
    func controlCStopsASlowCommand() async throws {
        try await withTemporaryHome { home in
            // Every mock answer takes an hour: the prompt can only come back by the cancel.
            let terminal = try TmuxSession(home: home, environment: ["AGORA_MOCK_LATENCY": "3600000"])
            try await terminal.waitForPrompt()
            try terminal.type("open agora://events")
            try terminal.press("Enter")
            try await terminal.waitForScreen("the spinner") { $0.contains("working… (Ctrl-C to stop)") }

            try terminal.press("C-c")
            // The list it opened never showed: it closed, and the prompt is the root's again.
            let screen = try await terminal.waitForPrompt("oss>")
            #expect(screen.contains("Stopped: the command was cancelled."))
            #expect(!screen.contains("working…"), "the spinner was erased")
            #expect(!screen.contains("Upcoming events"), "the cancelled answer is dropped")

            try terminal.press("C-d")
            #expect(try await terminal.exitStatus() == 0)
        }
    }

    @Test("given the login screen, when `password` is typed alone, then it is asked for hidden and used")
    func hiddenPassword() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            for line in ["login", "email alice@agora.example", "password"] {
                try terminal.type(line)
                try terminal.press("Enter")
            }
            try await terminal.waitForScreen("the hidden prompt") { TmuxSession.lastLine(of: $0) == "Password (hidden):" }
            try terminal.type("agora-demo")
            try terminal.press("Enter")

            let screen = try await terminal.waitForScreen("the form to be ready") { $0.contains("Ready: type `submit` to log in.") }
            #expect(!screen.contains("agora-demo"), "the password was never echoed")
            try terminal.type("submit")
            try terminal.press("Enter")
            // The login's answer, then the prompt: the screen checked is the one the login left.
            try await terminal.waitForScreen("the login and the next prompt") {
                $0.contains("Logged in as Alice Martin.") && TmuxSession.lastLine(of: $0) == "oss>"
            }
            try terminal.press("C-d")
            #expect(try await terminal.exitStatus() == 0)

            let history = try String(contentsOf: home.appendingPathComponent(".local/state/agora/history"), encoding: .utf8)
            #expect(history.contains("alice@agora.example"), "other lines are kept")
            #expect(!history.contains("agora-demo") && !history.contains("password"))
        }
    }

    @Test("given earlier commands, when Ctrl-R and part of one are typed, then Enter runs the one found")
    func reverseSearch() async throws {
        try await withTemporaryHome { home in
            let terminal = try TmuxSession(home: home)
            try await terminal.waitForPrompt()
            for line in ["whoami", "env"] {
                try terminal.type(line)
                try terminal.press("Enter")
                try await terminal.waitForPrompt()
            }
            // Pressed until the search shows: a Ctrl-R that reaches the terminal a moment before
            // the editor reads it key by key is the terminal's own (it reprints the line), and
            // is gone. One that the editor took shows its search line, `bck:`.
            try await terminal.press("C-r", until: "the reverse search") { $0.contains("bck:") }
            try terminal.type("whoa")
            try await terminal.waitForScreen("the search") {
                $0.contains("bck:whoa") && $0.components(separatedBy: "Not logged in.").count == 2
            }
            try terminal.press("Enter")

            try await terminal.waitForScreen("whoami run again") { $0.components(separatedBy: "Not logged in.").count == 3 }
        }
    }

    @Test("given a terminal, then the prompt's mode is dim and errors are red; with NO_COLOR, neither")
    func colourAndNoColour() async throws {
        let escape = "\u{1B}["
        for noColor in [false, true] {
            try await withTemporaryHome { home in
                let terminal = try TmuxSession(home: home, environment: noColor ? ["NO_COLOR": "1"] : [:])
                try await terminal.waitForPrompt()
                try terminal.type("fnord")
                try terminal.press("Enter")
                try await terminal.waitForScreen("the error") { $0.contains("error: Unknown command 'fnord'") }
                try await terminal.waitForPrompt()
                try terminal.type("open agora://events")
                try terminal.press("Enter")
                try await terminal.waitForPrompt("oss events>")

                let screen = try terminal.screen(escapes: true)
                if noColor {
                    #expect(!screen.contains("\(escape)2m"), "no dim prompt with NO_COLOR")
                    #expect(!screen.contains("\(escape)31m"), "no red error with NO_COLOR")
                    #expect(!screen.contains("\(escape)1m"), "no bold header with NO_COLOR")
                } else {
                    #expect(screen.contains("\(escape)2moss"), "the prompt's mode is dim")
                    #expect(screen.contains("\(escape)31merror: Unknown command"), "the error is red")
                    #expect(screen.contains("\(escape)1m #  When"), "the table's header is bold")
                }
                #expect(try terminal.screen().contains(" #  When  "), "the header's text is the same either way")
            }
        }
    }
}
