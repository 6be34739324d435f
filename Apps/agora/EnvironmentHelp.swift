import AgoraTerminalUI
import Foundation
import LineEditing

/// The environment variables `agora --help` lists after its options, laid out for the width the
/// help is printed at: beside their names where the width allows, under them where it does not,
/// each description's later lines indented under its first at any width. (The parser's own
/// discussion text would wrap them back to the margin.)
enum EnvironmentHelp {
    /// Each variable, as it is set, and what it does.
    static let variables: [(name: String, summary: String)] = [
        ("AGORA_MODE=oss|live", "the mode when neither --oss nor --live is given"),
        ("AGORA_SERVER_URL=<url>", "live mode's agora-server, else Secrets.apiBaseURL"),
        ("AGORA_REQUEST_TIMEOUT=<ms>", "how long live mode waits for each answer (10000 by default)"),
        ("AGORA_MOCK_LATENCY=<ms>", "how long every answer of the OSS mock waits (0 by default)"),
        ("AGORA_MOCK_COMMENTS=<count>", "how many comments the OSS mock's event 1 has"),
        ("AGORA_MOCK_ACTIVITY=<s>", "a simulated member comments or RSVPs every s seconds (OSS)"),
        ("AGORA_LOG=debug|trace", "log each request on standard error, as --verbose"),
        ("PAGER, EDITOR, NO_COLOR", "the pager (less -FRX), the editor for `edit` (vi), no colours"),
    ]

    /// The narrowest room a description gets beside the names before it goes under them.
    static let narrowestBeside = 30

    /// The section as lines of at most `width` columns (a word wider than the room excepted).
    static func lines(width: Int) -> [String] {
        let nameWidth = variables.map(\.name.count).max() ?? 0
        let indent = "  "
        let beside = indent.count + nameWidth + 2
        var lines = ["ENVIRONMENT:"]
        for variable in variables {
            if width - beside >= narrowestBeside {
                let label = indent + variable.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                let summary = WrappedText.lines(variable.summary, width: width - beside)
                lines += summary.enumerated().map { index, line in (index == 0 ? label : String(repeating: " ", count: beside)) + line }
            } else {
                lines.append(indent + variable.name)
                lines += WrappedText.lines(variable.summary, width: width, indent: indent + "    ")
            }
        }
        return lines
    }

    /// The width the parser lays its help out at: `$COLUMNS`, else the terminal's, else 80.
    static var helpWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        let terminal = Terminal.width(of: STDOUT_FILENO)
        return terminal > 0 ? terminal : 80
    }
}
