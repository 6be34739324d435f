import Foundation
import ManifestReading
import ModuleGraph

/// Adds a feature module to the Agora repository at ``root``: a copy of the template feature
/// (`FeatureTemplate`: its library with its item and its own service, its REPL view, web view,
/// tests and transcript) with every form of its name renamed (`FeatureRenaming`), then its
/// manifest line, its screens in the REPL's plugin list, its web views in the web app's and the
/// module graph. Its route and its service live in the feature too: it changes only
/// ``Paths/sharedFiles``.
///
/// ``plan(_:)`` checks every name and finds every place to edit before anything is written; a
/// name that is not valid or clashes throws one ``ScaffoldingError`` and nothing is written.
/// ``write(_:)`` then writes all files as one step (see `PlanWriter`).
public struct FeatureScaffolder {
    /// The shared files a feature edits, relative to the package root.
    public enum Paths {
        public static let manifest = "Package.swift"
        public static let plugins = "Modules/REPL/AgoraREPL/AgoraPlugins.swift"
        public static let webPlugins = "Modules/Web/AgoraWeb/AgoraWebPlugins.swift"
        public static let transcripts = "Tests/AgoraREPLTests/Transcripts"
        public static let readme = ReadmeGraphSection.file
        /// Every shared file a feature may change.
        public static let sharedFiles = [manifest, plugins, webPlugins, readme]
    }

    public let root: URL
    /// Reads a manifest: `swift package dump-package` by default; tests pass their own.
    let loadManifest: @Sendable (URL) throws(ManifestLoader.Failure) -> PackageManifest

    public init(root: URL) {
        self.init(root: root, loadManifest: { url throws(ManifestLoader.Failure) in try ManifestLoader.load(packageAt: url) })
    }

    init(root: URL, loadManifest: @escaping @Sendable (URL) throws(ManifestLoader.Failure) -> PackageManifest) {
        self.root = root
        self.loadManifest = loadManifest
    }

    /// Everything the feature `names` would write, checked and complete.
    public func plan(_ names: FeatureName) throws(ScaffoldingError) -> ScaffoldPlan {
        let manifest: PackageManifest
        do {
            manifest = try loadManifest(root)
        } catch {
            throw ScaffoldingError(error.description)
        }
        let survey: RepositorySurvey
        do {
            survey = try RepositorySurvey(root: root, manifest: manifest)
        } catch let error as ScaffoldingError {
            throw error
        } catch {
            throw ScaffoldingError("cannot read the sources under \(root.path): \(error.localizedDescription)")
        }
        let template = try FeatureTemplate(root: root)
        try checkClashes(names, survey, template)

        var changes: [ScaffoldPlan.Change] = []
        var notes: [String] = []
        for (path, contents) in try template.files(renamedTo: names) {
            guard !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
                throw ScaffoldingError("\(path) already exists; choose another name or remove it")
            }
            changes.append(.init(path: path, contents: contents, original: nil))
        }

        let name = names.name
        func edit(_ path: String, _ change: (String) throws(ScaffoldingError) -> String) throws(ScaffoldingError) {
            let original = try RepositorySurvey.read(root, path)
            changes.append(.init(path: path, contents: try change(original), original: original))
        }

        let manifestText = try RepositorySurvey.read(root, Paths.manifest)
        let newManifest = try SourceEdits.appendingElement("\"\(name)\"", toArrayAfter: ["let features = ["], in: manifestText, file: Paths.manifest)
        changes.append(.init(path: Paths.manifest, contents: newManifest, original: manifestText))
        try edit(Paths.plugins) { text throws(ScaffoldingError) in
            let imported = try SourceEdits.addingImport(names.replTarget, in: text, file: Paths.plugins)
            return try SourceEdits.appendingElement("\(name)Screens()", toArrayAfter: ["static var all", "{", "["], in: imported, file: Paths.plugins)
        }
        try edit(Paths.webPlugins) { text throws(ScaffoldingError) in
            let imported = try SourceEdits.addingImport(names.webTarget, in: text, file: Paths.webPlugins)
            return try SourceEdits.appendingElement("\(name)WebViews()", toArrayAfter: ["static var all", "{", "["], in: imported, file: Paths.webPlugins)
        }
        if let readme = try graphReadme(manifest: newManifest) { changes.append(readme) } else {
            notes.append("note: \(Paths.readme) has no \(ReadmeGraphSection.startMarker) section; the module graph there was not updated")
        }
        return ScaffoldPlan(changes: changes, notes: notes)
    }

    /// Writes `plan` (see `PlanWriter`).
    public func write(_ plan: ScaffoldPlan) throws(ScaffoldingError) {
        try PlanWriter(root: root).write(plan)
    }

    // MARK: Checks

    private func checkClashes(_ names: FeatureName, _ survey: RepositorySurvey, _ template: FeatureTemplate) throws(ScaffoldingError) {
        let name = names.name
        if let target = survey.manifest.target(named: name) ?? survey.manifest.target(named: names.testTarget) {
            throw ScaffoldingError("'\(name)' clashes with the target \(target.name) of Package.swift (\(target.sourcePath)); choose a new name")
        }
        for candidate in [name, names.testTarget, names.item] where survey.packageNames.contains(candidate) {
            throw ScaffoldingError("'\(candidate)' is already a module, product or package that Package.swift names; choose a new name")
        }
        for folder in ["Modules/Features/\(name)", "Tests/\(names.testTarget)"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) {
            throw ScaffoldingError("\(folder) already exists; choose a new name or remove the folder")
        }
        if let file = survey.routeNames[names.lowerName] {
            throw ScaffoldingError("'\(name)' clashes with the route `.\(names.lowerName)` in \(file); choose a new name")
        }
        if survey.routePaths.contains(names.pathSegment) {
            throw ScaffoldingError("'\(name)' clashes with the link agora://\(names.pathSegment), which another feature's destination shows; choose a new name")
        }
        if survey.declaredTypes.contains(name) {
            throw ScaffoldingError("'\(name)' is already a type in this repository; a module of that name would hide it, so choose a new name")
        }
        if survey.declaredTypes.contains(names.item) {
            throw ScaffoldingError("the item type '\(names.item)' already exists in this repository; pass --item with a new name, e.g. --item \(names.item)Entry")
        }
        if let clash = try template.typeNames(renamedTo: names).sorted().first(where: survey.declaredTypes.contains) {
            throw ScaffoldingError("'\(name)' would add the type \(clash), which already exists in this repository; choose a new name")
        }
    }

    /// The modules' README with its module graph redrawn for `manifest` (the edited Package.swift), or `nil`
    /// when the README has no graph section.
    private func graphReadme(manifest text: String) throws(ScaffoldingError) -> ScaffoldPlan.Change? {
        guard let readme = try? RepositorySurvey.read(root, Paths.readme),
              (try? ReadmeGraphSection.current(in: readme)) != nil
        else { return nil }
        // The edited manifest is evaluated in a folder of its own: a check that it still reads,
        // and the graph it gives, before anything is written.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-new-feature-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest: PackageManifest
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Package.swift"))
            manifest = try loadManifest(folder)
        } catch let failure as ManifestLoader.Failure {
            throw ScaffoldingError("Package.swift with the new feature does not evaluate (\(failure.description)); nothing was written")
        } catch {
            throw ScaffoldingError("cannot evaluate the edited Package.swift: \(error.localizedDescription); nothing was written")
        }
        let body = ReadmeGraphSection.body(for: ModuleGraph(manifest: manifest))
        guard let edited = try? ReadmeGraphSection.replacing(in: readme, with: body) else { return nil }
        return .init(path: Paths.readme, contents: edited, original: readme)
    }
}
