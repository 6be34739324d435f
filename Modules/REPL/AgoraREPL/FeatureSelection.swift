import AgoraArchitecture
import AgoraTerminalUI

/// The features `agora --feature <name>` starts with: the one named and the plugins it needs
/// (``FeaturePlugin/dependencies``), their own needs included, in the app's order — the
/// playground for one feature.
@MainActor
public enum FeatureSelection {
    /// Why a feature cannot be chosen; its description is the one-line error.
    public enum Problem: Error, CustomStringConvertible, Equatable {
        /// No feature has that name.
        case unknown(String, known: [String])
        /// A feature needs a plugin that is not in the app.
        case missingDependency(feature: String, needs: String)

        public var description: String {
            switch self {
            case .unknown(let name, let known):
                "No feature is named '\(name.prefix(40))'; the features are \(known.joined(separator: ", "))."
            case .missingDependency(let feature, let needs):
                "The \(feature) feature needs \(needs), which is not in the app."
            }
        }
    }

    /// The features of `all` that `name` (in any letter case) needs, itself included.
    public static func features(named name: String, among all: [any FeatureScreens] = AgoraPlugins.all) throws(Problem) -> [any FeatureScreens] {
        let names = all.map(\.plugin.name)
        guard let chosen = names.first(where: { $0.lowercased() == name.lowercased() }) else {
            throw .unknown(name, known: names)
        }
        var needed: Set<String> = [chosen]
        var pending = [chosen]
        while let next = pending.popLast() {
            let plugin = all.first { $0.plugin.name == next }!.plugin
            for dependency in plugin.dependencies where !needed.contains(dependency) {
                guard names.contains(dependency) else { throw .missingDependency(feature: next, needs: dependency) }
                needed.insert(dependency)
                pending.append(dependency)
            }
        }
        return all.filter { needed.contains($0.plugin.name) }
    }
}
