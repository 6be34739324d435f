import Foundation

/// The feature a new one is copied from: `Modules/Features/TemplateItems` in the repository, a
/// real feature that the package builds and `Scripts/test` tests, but that the app does not
/// show. A new feature is its files, each renamed by ``FeatureRenaming``: the template owns its
/// item, its service (the protocol, the mock, the live one and their trace) and its mock's data,
/// so nothing of it is in a shared module.
struct FeatureTemplate {
    /// The template's names; every form of them is renamed.
    static let names = FeatureName(template: "TemplateItems", item: "TemplateItem")
    /// The template's notes about itself, beside its targets: not copied.
    static let notes = "README.md"
    /// The template's folders, relative to the root: its targets and its tests.
    static let folders = ["Modules/Features/\(names.name)", "Tests/\(names.testTarget)"]
    /// The template's transcript, which `TranscriptTests` replays.
    static let transcript = "\(FeatureScaffolder.Paths.transcripts)/\(names.transcriptName).transcript"
    /// Every file of the template, by path relative to the root, sorted: the files under its
    /// folders (but its notes) and its transcript.
    let files: [(path: String, contents: String)]

    /// Reads the template's files under `root`.
    /// - Throws: a ``ScaffoldingError`` naming a folder or file of the template that is missing.
    init(root: URL) throws(ScaffoldingError) {
        var paths: [String] = []
        for folder in Self.folders {
            let url = root.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw ScaffoldingError("the template feature's \(folder) is missing; new-feature copies it (see Tools/README.md)")
            }
            paths += Self.regularFiles(under: url).map { "\(folder)/\($0)" }.filter { $0 != "\(Self.folders[0])/\(Self.notes)" }
        }
        paths.append(Self.transcript)
        files = try paths.sorted().map { path throws(ScaffoldingError) in (path, try RepositorySurvey.read(root, path)) }
    }

    /// The files of a feature named `names`: the template's, with paths and contents renamed.
    /// - Throws: a ``ScaffoldingError`` naming the template's file and line where its name
    ///   stands in a form the renaming does not know.
    func files(renamedTo names: FeatureName) throws(ScaffoldingError) -> [(path: String, contents: String)] {
        let renaming = FeatureRenaming(from: Self.names, to: names)
        return try files.map { file throws(ScaffoldingError) in
            (try Self.rename(file.path, with: renaming, in: file.path), try Self.rename(file.contents, with: renaming, in: file.path))
        }
    }

    /// The types a feature named `names` declares: the template's that carry its name, renamed.
    func typeNames(renamedTo names: FeatureName) throws(ScaffoldingError) -> Set<String> {
        let renaming = FeatureRenaming(from: Self.names, to: names)
        var types: Set<String> = []
        for file in files where file.path.hasSuffix(".swift") {
            let declared = SourceText(file.contents).declaredNames(after: ["struct", "class", "enum", "protocol", "actor", "typealias"])
            for type in declared {
                let renamed = try Self.rename(type, with: renaming, in: file.path)
                if renamed != type { types.insert(renamed) }
            }
        }
        return types
    }

    private static func rename(_ text: String, with renaming: FeatureRenaming, in path: String) throws(ScaffoldingError) -> String {
        do {
            return try renaming.rename(text)
        } catch {
            let forms = [names.name, names.item, names.lowerName, names.pathSegment, names.phrase, names.itemPhrase]
            throw ScaffoldingError(
                "\(path):\(error.line): '\(error.word)' holds the template's name in a form new-feature cannot rename; write it as one of \(forms.joined(separator: ", ")) (or capitalised)"
            )
        }
    }

    /// The regular files under `folder`, relative to it, hidden ones left out.
    private static func regularFiles(under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        return enumerator.compactMap { item in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(base.count))
        }
    }
}
