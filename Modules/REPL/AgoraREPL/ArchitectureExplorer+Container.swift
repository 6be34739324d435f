import AgoraArchitecture
import AgoraDI
import AgoraTerminalUI
import Foundation

/// `container`, `resolve` and `plugins`: the container's registrations and the plugins, from
/// the container's read-only introspection, for any feature.
extension ArchitectureExplorer {
    /// The registrations grouped by assembly, in the order the assemblies were applied: each
    /// type, scope and whether it was resolved.
    func containerLines() -> [String] {
        let summaries = container.registrationSummaries
        var groups: [(assembly: String, rows: [[String]])] = []
        for summary in summaries {
            let assembly = summary.assembly ?? "(registered directly)"
            let row = [Self.typeName(summary.key), Self.scopeName(summary.scope), summary.isResolved ? "yes" : "no"]
            if let index = groups.firstIndex(where: { $0.assembly == assembly }) {
                groups[index].rows.append(row)
            } else {
                groups.append((assembly, [row]))
            }
        }
        // In the order the assemblies were applied: the app's, then the features'.
        let order = container.appliedAssemblies
        groups.sort { (order.firstIndex(of: $0.assembly) ?? order.count) < (order.firstIndex(of: $1.assembly) ?? order.count) }
        let table = TextTable([.init("Type"), .init("Scope"), .init("Resolved")])
        let resolved = summaries.filter(\.isResolved).count
        var lines = ["\(summaries.count) registrations, \(resolved) resolved, in \(groups.count) assemblies:"]
        for group in groups {
            lines.append("\(group.assembly) (\(group.rows.count)):")
            lines += table.render(group.rows, width: nil).map { "  " + $0 }
        }
        return lines
    }

    /// Resolves the registered type named `name`, one line a step: the path, depth first, each
    /// step's scope, whether it made a new instance and how long it took.
    func resolveLines(_ typed: String) throws(ExplorerProblem) -> [String] {
        // The rest of the line as typed, so `any EventsFetchable` needs no quotes; quotes are allowed.
        let name = typed.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        guard let key = container.registeredKey(named: name) else {
            let known = container.registrations.map(\.description)
            let nearest = Suggestions.nearest(to: name, among: known)
            let hint = nearest.isEmpty ? "" : " Did you mean \(nearest.map { "'\($0)'" }.joined(separator: " or "))?"
            throw .message("no registration for '\(name.prefix(60))'.\(hint) `container` lists them.")
        }
        let started = ContinuousClock.now
        let (steps, error) = container.resolveRecorded(key)
        let total = ContinuousClock.now - started
        if let error { throw .message("resolving \(Self.typeName(key)) failed: \(error)") }
        let lines = steps.map { step in
            let indent = String(repeating: "  ", count: step.depth)
            let made = step.madeNewInstance ? "new" : "shared"
            return "\(indent)\(Self.typeName(step.key))  (\(Self.scopeName(step.scope)), \(made), \(Self.formatted(step.duration)))"
        }
        return ["Resolved \(Self.typeName(key)) in \(Self.formatted(total)), \(steps.count) step\(steps.count == 1 ? "" : "s"):"] + lines
    }

    /// One row a plugin: name, links, how many registrations its assembly made, what it needs.
    func pluginsLines() -> [String] {
        let summaries = container.registrationSummaries
        let table = TextTable([.init("Plugin"), .init("Links", isFlexible: true), .init("Registrations", alignment: .right), .init("Needs")])
        let rows = coordinator.plugins.map { plugin in
            let assembly = String(describing: type(of: plugin.assembly))
            return [
                plugin.name, plugin.destinations.map { "agora://" + $0.pattern.description }.joined(separator: " "),
                String(summaries.filter { $0.assembly == assembly }.count),
                plugin.dependencies.isEmpty ? "-" : plugin.dependencies.joined(separator: ", "),
            ]
        }
        return table.render(rows, width: nil)
    }

    /// The key as a person reads it: `any ListCache<Item == Event>` rather than Swift's
    /// `any ListCache<Self.ListCache.Item == Event>`.
    static func typeName(_ key: ServiceKey) -> String {
        key.description.replacing(#/Self\.\w+\./#, with: "")
    }

    private static func scopeName(_ scope: Scope) -> String {
        switch scope {
        case .transient: "transient"
        case .container: "container"
        case .weak: "weak"
        }
    }

    private static func formatted(_ duration: Duration) -> String {
        String(format: "%.3f ms", milliseconds(duration))
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
