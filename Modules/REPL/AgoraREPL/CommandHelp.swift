import AgoraArchitecture
import AgoraTerminalUI

/// What `help` says: the commands where the user is, or how to use one command — also one of
/// another screen, saying where it works (`help rsvp` on the events list).
///
/// It knows no feature: other screens' commands come from the plugins' ``ScreenCommandSet``s.
struct CommandHelp {
    /// The top screen's own commands, and its route's path ("events/42").
    let screenCommands: [ScreenCommand]
    let path: String?
    /// The commands of every screen: the features' (`login`) and the REPL's (`open`).
    let everywhere: [ScreenCommand]
    /// Those of ``everywhere`` the screen does not list itself with the same usage: a command is
    /// listed once, where it is most particular (the feed's `login`, which says why); `open
    /// <row>` here and `open <route>` everywhere are two.
    var everywhereElse: [ScreenCommand] {
        let here = Set(screenCommands.map(\.usage))
        return everywhere.filter { !here.contains($0.usage) }
    }
    /// Every kind of screen's commands, from the plugins.
    let commandSets: [ScreenCommandSet]
    /// The commands that show the architecture at work.
    var explorer: [ScreenCommand] = GlobalCommand.explorer.map(\.definition)
    /// The shell's own settings (`timing`, `output`…).
    var shellSettings: [ScreenCommand] = GlobalCommand.shellSettings.map(\.definition)

    /// `help` alone: the commands here, then those of every screen, fitted to a terminal of
    /// `width` columns (`nil`: lines are whole).
    ///
    /// A summary too long for its line goes on under itself, not back at the margin; on a
    /// terminal too narrow for a column of summaries, each goes under its command.
    func overview(width: Int?) -> [String] {
        let usageWidth = (screenCommands + everywhere + shellSettings + explorer).map(\.usage.count).max() ?? 0
        let summaryColumn = 2 + usageWidth + 2
        func line(_ command: ScreenCommand) -> [String] {
            let usage = "  " + command.usage.padding(toLength: usageWidth, withPad: " ", startingAt: 0) + "  "
            guard let width else { return [usage + command.summary] }
            guard width - summaryColumn >= Self.narrowestSummary else {
                return ["  " + command.usage] + WrappedText.lines(command.summary, width: width, indent: "      ")
            }
            var lines = WrappedText.lines(command.summary, width: width, indent: String(repeating: " ", count: summaryColumn))
            if !lines.isEmpty { lines[0] = usage + lines[0].dropFirst(summaryColumn) }
            return lines
        }
        var lines: [String] = []
        if let path, !screenCommands.isEmpty {
            lines.append("On \(path):")
            lines += screenCommands.flatMap(line)
        }
        lines.append("Everywhere:")
        lines += everywhereElse.flatMap(line)
        lines.append("Shell settings:")
        lines += shellSettings.flatMap(line)
        lines.append("Watching the architecture:")
        lines += explorer.flatMap(line)
        return lines
    }

    /// The overview as rows for a program: each command's usage, summary and section.
    var overviewRows: [TableRows.Row] {
        let sections: [(String, [ScreenCommand])] =
            (path.map { [("On \($0)", screenCommands)] } ?? []) + [
                ("Everywhere", everywhereElse), ("Shell settings", shellSettings), ("Watching the architecture", explorer),
            ]
        return sections.flatMap { section, commands in commands.map { (section, $0) } }.enumerated().map { index, entry in
            TableRows.Row(number: index + 1, id: entry.1.name, cells: [.text(entry.1.usage), .text(entry.1.summary), .text(entry.0)])
        }
    }

    /// The fewest columns a summary beside its command gets; fewer, and it goes under it.
    static let narrowestSummary = 24

    /// `help <topic>`, in any letter case; `nil` when no screen has such a command.
    func explain(_ topic: String) -> [String]? {
        guard let found = commands(for: topic) else { return nil }
        return found.flatMap { command, set in
            usage(of: command) + (set.map { ["  works on \($0.place) (`open \($0.link)`), not on this screen"] } ?? [])
        }
    }

    /// The keys of ``explainRows(_:)``, each row's cells in this order.
    static let explainColumns = ["command", "summary", "example", "isHere", "place", "link"]

    /// `help <topic>` for a program: a row per place the command works, keyed as
    /// ``explainColumns`` (`place` and `link` absent for this screen, `example` for a command
    /// that has none); `nil` as ``explain(_:)``.
    func explainRows(_ topic: String) -> [TableRows.Row]? {
        guard let found = commands(for: topic) else { return nil }
        return found.enumerated().map { index, entry in
            let (command, set) = entry
            return TableRows.Row(
                number: index + 1, id: command.name,
                cells: [
                    .text(command.usage), .text(command.summary), command.example.map(TableCell.text) ?? .absent, .flag(set == nil),
                    set.map { .text($0.place) } ?? .absent, set.map { .text($0.link) } ?? .absent,
                ])
        }
    }

    /// The command `topic` names here (with no set), else on each other screen that has it.
    private func commands(for topic: String) -> [(command: ScreenCommand, set: ScreenCommandSet?)]? {
        let name = GlobalCommand(word: topic)?.rawValue ?? topic.lowercased()
        let here = screenCommands + everywhere + GlobalCommand.allCases.map(\.definition)
        if let command = here.first(where: { $0.name.lowercased() == name }) {
            return [(command, nil)]
        }
        let elsewhere = places(of: name)
        return elsewhere.isEmpty ? nil : elsewhere.map { ($0.command, $0.set) }
    }

    /// Where a command missing here works, for the error about it: "on an event's screen (`open
    /// agora://events/42`)"; `nil` when it works nowhere.
    func whereElse(_ word: String) -> String? {
        let elsewhere = places(of: word.lowercased())
        guard !elsewhere.isEmpty else { return nil }
        return elsewhere.map { set, _ in "on \(set.place) (`open \(set.link)`)" }.joined(separator: " or ")
    }

    private func places(of name: String) -> [(set: ScreenCommandSet, command: ScreenCommand)] {
        commandSets.compactMap { set in
            set.commands.first { $0.name.lowercased() == name }.map { (set, $0) }
        }
    }

    private func usage(of command: ScreenCommand) -> [String] {
        ["usage: \(command.usage)", "  \(command.summary)"] + (command.example.map { ["  example: \($0)"] } ?? [])
    }
}
