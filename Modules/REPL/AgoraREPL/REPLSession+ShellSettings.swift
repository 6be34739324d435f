import AgoraTerminalUI
import Foundation

/// The shell's own settings, as psql's: `timing`, `output`, `format`, `pager` and `edit`.
extension REPLSession {
    func runShellSetting(_ setting: GlobalCommand, arguments: [String]) async throws(CommandError) -> CommandOutcome {
        switch setting {
        case .timing:
            // Alone, it turns timing the other way, as psql's `\timing` does.
            showsTiming = try arguments.first.map { word throws(CommandError) in try Self.onOrOff(word, for: "timing") } ?? !showsTiming
            console.note(showsTiming ? "Timing is on." : "Timing is off.")
        case .output:
            try requireHost("output").sendResults(toFile: arguments.first.map(SavedFilePath.expandingHome))
        case .format:
            let host = try requireHost("format")
            guard let name = arguments.first else {
                console.note("Format is \(host.format.rawValue).")
                return .succeeded
            }
            guard let format = OutputFormat(name: name) else {
                throw CommandError("`format` takes table, json or tsv, got '\(name.prefix(20))'.")
            }
            try host.useFormat(format)
        case .pager:
            let isOn = try Self.onOrOff(arguments[0], for: "pager")
            console.note(try requireHost("pager").usePager(isOn))
        case .edit:
            return try await editText()
        default:
            preconditionFailure("\(setting) is not a shell setting")
        }
        return .succeeded
    }

    /// `edit`: the text of the top screen's command that takes free text (`post` on a thread),
    /// written in the editor and given to that command whole, through the screen's own path.
    private func editText() async throws(CommandError) -> CommandOutcome {
        guard let screen = screens.top?.screen, let command = screen.commands.first(where: { $0.argumentStyle == .restOfLine }) else {
            let places = commandSets.filter { $0.commands.contains { $0.argumentStyle == .restOfLine } }.map { "on \($0.place) (`open \($0.link)`)" }
            throw CommandError("`edit` writes the text of a command that takes text, and none does here: it works \(places.joined(separator: " or ")).")
        }
        let text = try await requireHost("edit").editText()
        guard !text.isEmpty else {
            console.print("Nothing to \(command.name): the file was saved empty.")
            return .succeeded
        }
        try screen.perform(command.name, arguments: [text])
        return .succeeded
    }

    private func requireHost(_ command: String) throws(CommandError) -> any ShellHost {
        guard let host else { throw CommandError("`\(command)` needs the agora program around this session, and it runs without one.") }
        return host
    }

    private static func onOrOff(_ word: String, for command: String) throws(CommandError) -> Bool {
        switch word.lowercased() {
        case "on": return true
        case "off": return false
        default: throw CommandError("`\(command)` takes 'on' or 'off', got '\(word.prefix(20))'.")
        }
    }
}
