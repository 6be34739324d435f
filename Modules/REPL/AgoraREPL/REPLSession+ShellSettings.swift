import AgoraTerminalUI

/// The shell's own settings, as psql's: `timing`.
extension REPLSession {
    func runShellSetting(_ setting: GlobalCommand, arguments: [String]) async throws(CommandError) -> CommandOutcome {
        switch setting {
        case .timing:
            showsTiming = try Self.onOrOff(arguments[0], for: "timing")
            console.print(showsTiming ? "Timing is on." : "Timing is off.")
        default:
            preconditionFailure("\(setting) is not a shell setting")
        }
        return .succeeded
    }

    private static func onOrOff(_ word: String, for command: String) throws(CommandError) -> Bool {
        switch word.lowercased() {
        case "on": return true
        case "off": return false
        default: throw CommandError("\(command) takes 'on' or 'off', got '\(word.prefix(20))'")
        }
    }
}
