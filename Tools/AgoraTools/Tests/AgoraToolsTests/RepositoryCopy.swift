import Foundation

/// A throwaway copy of parts of the Agora repository this package lives in, for tests that edit
/// or check it. Removed when the test ends.
final class RepositoryCopy {
    /// The Agora repository: four folders up from this file (Tools/AgoraTools/Tests/AgoraToolsTests).
    static let original = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    let root: URL

    /// Copies `paths` (files or folders, relative to the repository) of the original.
    init(_ paths: [String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("agora-tools-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for path in paths {
            let destination = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.original.appendingPathComponent(path), to: destination)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// Every file under the copy with its contents: equal snapshots mean nothing was written.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return files
    }
}
