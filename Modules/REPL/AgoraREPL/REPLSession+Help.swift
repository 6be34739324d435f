import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI

/// The messages that explain commands: `help`, an unknown command, a wrong number of arguments.
extension REPLSession {
    var availableCommands: [ScreenCommand] {
        let screenCommands = screens.top?.screen.commands ?? []
        let names = Set(screenCommands.map(\.name))
        return screenCommands + everywhereCommands.filter { !names.contains($0.name) }
    }

    /// The commands of every screen: the features' and the REPL's own.
    var everywhereCommands: [ScreenCommand] {
        featureCommands.map(\.definition) + (GlobalCommand.listed + GlobalCommand.shellSettings + GlobalCommand.explorer).map(\.definition)
    }

    func unknownCommandMessage(_ name: String) -> String {
        let shown = String(name.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        if let place = commandHelp.whereElse(name) {
            return "'\(shown)' is not a command on this screen: it works \(place). Type `help \(shown.lowercased())` for more."
        }
        let known = availableCommands.map(\.name) + ["exit", "status"]
        let nearest = Suggestions.nearest(to: name, among: known)
        let hint = nearest.isEmpty ? "" : " Did you mean \(nearest.map { "'\($0)'" }.joined(separator: " or "))?"
        return "Unknown command '\(shown)'.\(hint) Type `help` for the commands here."
    }

    /// Two links `open` takes, for its error: a list and an item of the first feature that has
    /// both (`agora://events or agora://events/42`), else the first link there is.
    var linkExamples: String {
        let plugins = application.coordinator.plugins
        for plugin in plugins {
            if let list = plugin.destinations.first(where: { !$0.pattern.hasParameters }),
                let item = plugin.destinations.first(where: { $0.pattern.hasParameters })
            {
                return "\(list.exampleLink) or \(item.exampleLink)"
            }
        }
        return plugins.lazy.flatMap(\.destinations).first?.exampleLink ?? "agora://<path>"
    }

    func arityMessage(_ command: ScreenCommand, _ count: Int) -> String {
        if command.argumentStyle == .restOfLine, count == 0 {
            return "`\(command.name)` needs text after it, got none; usage: `\(command.usage)`."
        }
        let expected =
            switch (command.arity.lowerBound, command.arity.upperBound) {
            case (0, 0): "no arguments"
            case (let low, let high) where low == high: "\(low) argument\(low == 1 ? "" : "s")"
            case (let low, Int.max): "at least \(low) argument\(low == 1 ? "" : "s")"
            case (let low, let high): "\(low) to \(high) arguments"
            }
        return "`\(command.name)` takes \(expected), got \(count); usage: `\(command.usage)`."
    }

    var commandHelp: CommandHelp {
        let top = screens.top
        return CommandHelp(
            screenCommands: top?.screen.commands ?? [], path: top?.route.path,
            everywhere: featureCommands.map(\.definition) + GlobalCommand.listed.map(\.definition), commandSets: commandSets
        )
    }

    func help(_ topic: String?) -> CommandOutcome {
        guard let topic else {
            let help = commandHelp
            let table = TextTable([.init("Command"), .init("Summary"), .init("Section")])
            // A console that takes tables as data gets each command as a row; a terminal, lines.
            if console.showRows(TableRows(title: "Commands", columns: table.columns.map(\.key), rows: help.overviewRows), isWholeTable: true) {
                return .succeeded
            }
            console.print(lines: help.overview(width: console.width))
            return .succeeded
        }
        let help = commandHelp
        guard let rows = help.explainRows(topic) else { return fail(unknownCommandMessage(topic)) }
        if console.showRows(TableRows(title: "Help for \(topic)", columns: CommandHelp.explainColumns, rows: rows), isWholeTable: true) {
            return .succeeded
        }
        console.print(lines: help.explain(topic) ?? [])
        return .succeeded
    }
}
