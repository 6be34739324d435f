import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI

/// TAB completion: what the current screen and the global commands take.
extension REPLSession {
    /// What TAB can complete on the current screen, as a value the line editor's thread can use.
    public var completionTable: CompletionTable {
        let screen = screens.top?.screen
        var arguments: [String: [String]] = [:]
        for command in screen?.commands ?? [] {
            arguments[command.name] = screen?.completions(forArgumentOf: command.name) ?? []
        }
        // Every link with no id to fill in, from the plugins' destinations.
        arguments["open", default: []] += application.coordinator.destinations.filter { !$0.pattern.hasParameters }.map(\.exampleLink)
        arguments["help"] = helpTopics
        arguments["send"] = explorer.inputNames()
        arguments["inspect"] = explorer.outputNames()
        arguments["resolve"] = explorer.typeNamesToComplete()
        arguments["trace"] = ["on", "off"]
        arguments["timing"] = ["on", "off"]
        arguments["format"] = ["table", "json", "tsv"]
        arguments["pager"] = ["on", "off"]
        return CompletionTable(
            commands: availableCommands.map(\.name), arguments: arguments,
            linkPatterns: application.coordinator.destinations.map(\.pattern), linkIDs: linkIDs
        )
    }

    /// Reads the ids at hand for the plugins' links (the cached events'), which the next
    /// ``completionTable`` offers after `open`: before each prompt, since a command may have
    /// cached more. A source whose screens were not shown yet is not read.
    public func readLinkIDs() async {
        for source in linkIDSources where shownRoutePaths.contains(source.path) {
            linkIDs[source.path] = await source.ids()
        }
    }

    /// Every topic `help` explains, each once: the commands here first, then the other screens'
    /// (`help rsvp` on the events list says where it works), then the aliases.
    var helpTopics: [String] {
        let all = availableCommands.map(\.name) + commandSets.flatMap { $0.commands.map(\.name) } + GlobalCommand.allCases.map(\.rawValue)
        var seen = Set<String>()
        return all.filter { seen.insert($0.lowercased()).inserted }
    }
}
