import AgoraApp
import AgoraArchitecture
import AgoraDI
import AgoraTerminalUI
import Foundation

/// `container`, `resolve` and `plugins`: the container's registrations and the plugins, from
/// the container's read-only introspection, for any feature.
extension ArchitectureExplorer {
    /// The registrations as rows, grouped by assembly in the order the assemblies were applied
    /// (the app's, then the features'): each type, what a resolve of it hands out and for how
    /// long, and whether it was resolved.
    func containerRows() -> [(assembly: String, rows: [TableRow])] {
        snapshot.assemblies.map { assembly in
            (
                assembly.name,
                assembly.registrations.map { TableRow(id: $0.type, cells: [.text($0.type), .text($0.scope), .flag($0.isResolved)]) }
            )
        }
    }

    /// The columns of ``containerRows()``.
    static let containerTable = TextTable([.init("Type", isFlexible: true), .init("Scope", isFlexible: true), .init("Resolved")])

    /// ``containerRows()`` as a program reads them: one table, the assembly a column of its own.
    func containerData() -> TableRows {
        var number = 0
        let rows = containerRows().flatMap { group in
            group.rows.map { row in
                number += 1
                return TableRows.Row(number: number, id: row.id, cells: [.text(group.assembly)] + row.data, fields: row.fields)
            }
        }
        return TableRows(title: "Registrations", columns: ["assembly"] + Self.containerTable.columns.map(\.key), rows: rows)
    }

    /// ``containerRows()`` as a terminal shows them: a heading per assembly over its rows,
    /// fitted to `width`, then the legend of the scopes.
    func containerLines(width: Int?) -> [String] {
        let groups = containerRows()
        let summaries = container.registrationSummaries
        let (count, resolved) = (summaries.count, summaries.filter(\.isResolved).count)
        var lines = ["\(count) registrations, \(resolved) resolved, in \(groups.count) assemblies:"]
        for group in groups {
            lines.append("\(group.assembly) (\(group.rows.count)):")
            let cells = group.rows.map { $0.cells.map { $0.text(compact: false) } }
            lines += Self.containerTable.render(cells, width: width.map { $0 - 2 }).map { "  " + $0 }
        }
        return lines + [Self.scopeLegend]
    }

    /// What each word of the Scope column means, in one line under `container` and `resolve`.
    static let scopeLegend = ArchitectureSnapshot.scopeLegend

    /// Resolves the registered type named `typed` (the rest of the line as typed, so
    /// `any EventsFetchable` needs no quotes; quotes are allowed), writing down each step.
    func resolve(_ typed: String) throws(ExplorerProblem) -> ContainerResolution {
        do {
            return try ContainerResolution(resolving: typed, in: container)
        } catch {
            switch error {
            case .unregistered(let name, let known):
                let nearest = Suggestions.nearest(to: name, among: known)
                let hint = nearest.isEmpty ? "" : " Did you mean \(nearest.map { "'\($0)'" }.joined(separator: " or "))?"
                throw .message("No registration for '\(name.prefix(60))'.\(hint) `container` lists them.")
            case .failed(let type, let reason):
                throw .message("Resolving \(type) failed: \(Self.clause(reason)).")
            }
        }
    }

    /// `resolution` one line a step (the path, depth first, each step's scope, whether it made
    /// a new instance and how long it took), then the legend of the scopes.
    static func lines(of resolution: ContainerResolution) -> [String] {
        resolution.lines + [Self.scopeLegend]
    }

    /// `resolution` for a program: a row a step, keyed `type`, `depth`, `handedOut`, `isNew`
    /// and `durationMs` (milliseconds, as every duration agora writes).
    static func data(of resolution: ContainerResolution) -> TableRows {
        let steps = resolution.steps
        return TableRows(
            title: "Resolved \(typeName(resolution.key))", columns: ["type", "depth", "handedOut", "isNew", "durationMs"],
            rows: steps.indices.map { index in
                let step = steps[index]
                return TableRows.Row(
                    number: index + 1, id: typeName(step.key),
                    cells: [
                        .text(typeName(step.key)), .number(step.depth), .text(resolution.handedOut(at: index)), .flag(step.madeNewInstance),
                        .decimal(ArchitectureTrace.milliseconds(step.duration)),
                    ])
            })
    }

    /// The registered types as TAB completes them after `resolve`: without spaces, so each is
    /// one word (`EventsFetchable`, `ListCache<Event>`), which `resolve` takes as it takes the
    /// names `container` shows.
    func typeNamesToComplete() -> [String] {
        container.registrations.map(Self.typeName)
    }

    /// The columns of ``pluginRows()``.
    static let pluginsTable = TextTable([
        .init("Plugin"), .init("Links", isFlexible: true), .init("Registrations", alignment: .right, priority: .low),
        .init("Needs", isFlexible: true, priority: .medium),
    ])

    /// One row a plugin: name, links, how many registrations its assembly made, what it needs.
    func pluginRows() -> [TableRow] {
        snapshot.plugins.map { plugin in
            TableRow(
                id: plugin.name,
                cells: [
                    .text(plugin.name), .text(plugin.links.joined(separator: " ")), .number(plugin.registrationCount),
                    .text(plugin.needs.isEmpty ? "-" : plugin.needs.joined(separator: ", ")),
                ])
        }
    }

    /// The key as a person reads it and `resolve` takes it, the same in every listing:
    /// `EventsFetchable`, `ListCache<Event>`.
    static func typeName(_ key: ServiceKey) -> String {
        key.description
    }

    /// `sentence` without its full stop, to go inside another sentence.
    static func clause(_ sentence: String) -> String {
        sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

}

/// Why an explorer command cannot run; its description is the one-line error.
enum ExplorerProblem: Error, CustomStringConvertible {
    case message(String)

    var description: String {
        switch self {
        case .message(let text): text
        }
    }
}
