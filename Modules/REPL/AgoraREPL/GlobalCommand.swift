import AgoraArchitecture
import AgoraTerminalUI

/// The commands every screen understands.
enum GlobalCommand: String, CaseIterable {
    case open, routes, back, help, env, status, quit, exit
    // Watching the architecture.
    case stack, inspect, inputs, send, trace, container, resolve, plugins
    // Shell settings, as psql's.
    case timing, output, format, pager, edit

    /// The command `word` names, in any letter case (`HELP`, `Help`); `?` is `help`.
    init?(word: String) {
        if word == "?" {
            self = .help
            return
        }
        self.init(rawValue: word.lowercased())
    }

    /// psql's words for what this shell does alike (`\q` is `quit`), as typed: the line reader
    /// reads them before a backslash would escape their letter.
    static let psqlWords: [String: GlobalCommand] = ["\\?": .help, "\\q": .quit, "\\o": .output, "\\timing": .timing]

    var definition: ScreenCommand {
        switch self {
        case .open:
            ScreenCommand("open", arguments: "<route>", example: "open agora://events", summary: "Open a screen by link, e.g. `open agora://events/42`.")
        case .routes:
            ScreenCommand("routes", summary: "List the links `open` takes, one per kind of screen, each with an example.")
        case .back:
            ScreenCommand("back", summary: "Return to the previous screen.")
        case .help:
            ScreenCommand(
                "help", arguments: "[command]", example: "help open",
                summary: "List the commands, or show how to use one and where it works (also `?`, `\\?`).",
                arity: 0...1)
        case .env:
            ScreenCommand("env", summary: "Show the mode, the server, who is logged in and where files are (secrets redacted).")
        case .status:
            ScreenCommand("status", summary: "The same as `env`.")
        case .quit:
            ScreenCommand("quit", summary: "Leave Agora (also `exit`, `\\q`, or Ctrl-D).")
        case .exit:
            ScreenCommand("exit", summary: "Leave Agora.")
        case .stack:
            ScreenCommand("stack", summary: "Show the navigation stack: each screen's route, ViewModel and coordinator, bottom first.")
        case .inspect:
            ScreenCommand(
                "inspect", arguments: "[output]", example: "inspect list.rows",
                summary: "Show the current screen's ViewModel: each output's value, each signal's last value, work running; with a name, that one whole.",
                arity: 0...1)
        case .inputs:
            ScreenCommand("inputs", summary: "List the current screen's ViewModel inputs: parameter types and what sends each, for `send` (rows count from 0).")
        case .send:
            ScreenCommand(
                "send", arguments: "<input> [arguments]", example: "send willDisplayRow 19 20",
                summary: "Call one input of the current screen's ViewModel directly, its arguments read by type.", arity: 1...Int.max)
        case .container:
            ScreenCommand(
                "container", summary: "List the container's registrations by assembly: type, what a resolve hands out for how long, whether resolved.")
        case .resolve:
            ScreenCommand(
                "resolve", arguments: "<type>", example: "resolve EventsUseCase",
                summary: "Resolve a registered type, showing each step, new or shared, and how long it took.", argumentStyle: .restOfLine)
        case .plugins:
            ScreenCommand("plugins", summary: "List the plugins: name, links, registrations, and the plugins each needs.")
        case .trace:
            ScreenCommand(
                "trace", arguments: "on|off", example: "trace on",
                summary:
                    "Print every input, output change, signal, navigation hop, login and logout, service request and cache write as it happens, on standard error.",
                arity: 1...1
            )
        case .timing:
            ScreenCommand(
                "timing", arguments: "[on|off]", example: "timing on",
                summary: "Print how long each command took, its work included, after it; alone, turn it the other way (also `\\timing`).",
                arity: 0...1)
        case .output:
            ScreenCommand(
                "output", arguments: "[file]", example: "output events.txt",
                summary:
                    "Write what commands show to a file, emptied first (errors stay on standard error); `output` alone: to standard output again (also `\\o`).",
                arity: 0...1)
        case .format:
            ScreenCommand(
                "format", arguments: "[table|json|tsv]", example: "format json",
                summary: "Write what commands show as tables (the default), one JSON object per command, or tab-separated rows; alone, say which.",
                arity: 0...1)
        case .pager:
            ScreenCommand(
                "pager", arguments: "on|off", example: "pager off",
                summary: "Show output taller than the terminal through $PAGER (`less -FRX` when unset); on by default at a terminal.", arity: 1...1)
        case .edit:
            ScreenCommand(
                "edit", summary: "Write a comment in $EDITOR (`vi` when unset) and post it as saved; on an event's comments, as `post` there.")
        }
    }

    /// The settings of the shell itself, which `help` lists apart.
    static var shellSettings: [GlobalCommand] { [.timing, .output, .format, .pager] }

    /// The commands `help` lists (`exit` is an alias of `quit`, `status` of `env`); `edit` writes
    /// a command's text, a thing done, not a setting.
    static var listed: [GlobalCommand] { [.open, .back, .edit, .env, .help, .quit] }

    /// The commands that show the architecture at work, which `help` lists apart.
    static var explorer: [GlobalCommand] { [.trace, .stack, .inspect, .inputs, .send, .routes, .container, .resolve, .plugins] }
}
