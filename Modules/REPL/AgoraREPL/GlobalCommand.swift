import AgoraArchitecture

/// The commands every screen understands.
enum GlobalCommand: String, CaseIterable {
    case open, back, help, quit, exit

    var definition: ScreenCommand {
        switch self {
        case .open:
            ScreenCommand("open", arguments: "<route>", summary: "Open a screen by link, e.g. `open agora://events/42`.")
        case .back:
            ScreenCommand("back", summary: "Return to the previous screen.")
        case .help:
            ScreenCommand("help", arguments: "[command]", summary: "List the commands, or show how to use one.", arity: 0...1)
        case .quit:
            ScreenCommand("quit", summary: "Leave Agora (also `exit`, or Ctrl-D).")
        case .exit:
            ScreenCommand("exit", summary: "Leave Agora.")
        }
    }

    /// An example for `help <command>`.
    var example: String {
        switch self {
        case .open: "open agora://events"
        case .back: "back"
        case .help: "help open"
        case .quit, .exit: "quit"
        }
    }

    /// The commands `help` lists (`exit` is an alias of `quit`).
    static var listed: [GlobalCommand] { [.open, .back, .help, .quit] }
}
