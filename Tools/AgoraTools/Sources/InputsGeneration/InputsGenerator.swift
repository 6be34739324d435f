import Foundation

/// Makes every feature's traced inputs (``TracedInputsFile``) from the inputs protocols of its
/// library, and writes them, or says which committed ones are stale.
public struct InputsGenerator {
    /// Where the kit's inputs protocols are, which a feature's may refine.
    static let kitFolder = "Modules/Core/AgoraArchitecture"
    static let featuresFolder = "Modules/Features"

    let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The files every feature's inputs protocols make, by feature then protocol.
    public func files() throws(InputsGenerationError) -> [TracedInputsFile] {
        var kit: [String: [InputRequirement]] = [:]
        for source in try sources(in: Self.kitFolder) {
            for inputs in try InputsProtocol.all(in: source) { kit[inputs.name] = inputs.requirements }
        }
        var files: [TracedInputsFile] = []
        let features = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(Self.featuresFolder).path)) ?? []).sorted()
        for feature in features {
            let library = "\(Self.featuresFolder)/\(feature)/\(feature)"
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("\(Self.featuresFolder)/\(feature)/\(feature)ViewInputs").path) else { continue }
            for source in try sources(in: library) {
                for inputs in try InputsProtocol.all(in: source, endingWith: "ViewModelInputs") {
                    var requirements: [InputRequirement] = []
                    for refined in inputs.refines where refined.hasSuffix("Inputs") {
                        guard let inherited = kit[refined] else { throw .unknownProtocol(protocol: inputs.name, refines: refined) }
                        requirements += inherited
                    }
                    files.append(TracedInputsFile(feature: feature, inputs: inputs, requirements: requirements + inputs.requirements))
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Writes every file, replacing what each feature's `Generated` folder held.
    public func write() throws(InputsGenerationError) -> [String] {
        let files = try files()
        for folder in Set(files.map { ($0.path as NSString).deletingLastPathComponent }) {
            let url = root.appendingPathComponent(folder)
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        for file in files {
            do {
                try Data(file.text.utf8).write(to: root.appendingPathComponent(file.path))
            } catch {
                throw .unreadable(path: file.path)
            }
        }
        return files.map(\.path)
    }

    /// The files whose committed text is not what the protocols make (missing, changed, or left
    /// over from a protocol removed), by path.
    public func staleFiles() throws(InputsGenerationError) -> [String] {
        let files = try files()
        var stale = files.filter { file in
            (try? String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)) != file.text
        }.map(\.path)
        let made = Set(files.map(\.path))
        for folder in Set(files.map { ($0.path as NSString).deletingLastPathComponent }) {
            let present = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            stale += present.map { "\(folder)/\($0)" }.filter { !made.contains($0) }
        }
        return stale.sorted()
    }

    /// The text of every Swift file under `folder`, but generated ones.
    private func sources(in folder: String) throws(InputsGenerationError) -> [String] {
        let url = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return [] }
        var texts: [String] = []
        for case let file as URL in enumerator where file.pathExtension == "swift" && !file.path.contains("/Generated/") {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw .unreadable(path: file.path) }
            texts.append(text)
        }
        return texts
    }
}
