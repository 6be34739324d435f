import Foundation

/// Everything a new feature writes, computed in full before anything is written.
public struct ScaffoldPlan: Sendable {
    /// One file to create or to change.
    public struct Change: Sendable {
        /// Relative to the package root.
        public let path: String
        public let contents: String
        /// The contents before, for a file that exists (`nil`: a new file).
        public let original: String?

        public var isNew: Bool { original == nil }
    }

    public let changes: [Change]
    /// Edits that were skipped because their place was not found, each a line saying what.
    public let notes: [String]

    public var created: [String] { changes.filter(\.isNew).map(\.path) }
    public var modified: [String] { changes.filter { !$0.isNew }.map(\.path) }
}

/// Writes a plan as one step as far as a file system allows: every file goes to a temporary file
/// beside its place first, then all are renamed into place; if any step fails, what was done is
/// undone (created files and folders removed, changed files restored).
struct PlanWriter {
    let root: URL

    func write(_ plan: ScaffoldPlan) throws(ScaffoldingError) {
        let fileManager = FileManager.default
        var createdFolders: [URL] = []
        var staged: [(temporary: URL, destination: URL)] = []
        var placed: [ScaffoldPlan.Change] = []
        do {
            for change in plan.changes {
                let destination = root.appendingPathComponent(change.path)
                if change.isNew, fileManager.fileExists(atPath: destination.path) {
                    throw ScaffoldingError("\(change.path) appeared while planning; nothing was written")
                }
                createdFolders += try makeFolders(for: destination.deletingLastPathComponent())
                let temporary = destination.deletingLastPathComponent()
                    .appendingPathComponent(".\(destination.lastPathComponent).new-feature-\(ProcessInfo.processInfo.processIdentifier)")
                try Data(change.contents.utf8).write(to: temporary)
                staged.append((temporary, destination))
            }
            for (index, change) in plan.changes.enumerated() {
                let (temporary, destination) = staged[index]
                // rename(2) replaces the destination in one step: a reader sees the old file or
                // the new one, never half of it.
                guard rename(temporary.path, destination.path) == 0 else {
                    throw ScaffoldingError("cannot move the new \(change.path) into place (errno \(errno)); everything written was undone")
                }
                placed.append(change)
            }
        } catch {
            for (temporary, _) in staged { try? fileManager.removeItem(at: temporary) }
            for change in placed {
                let destination = root.appendingPathComponent(change.path)
                if let original = change.original {
                    try? Data(original.utf8).write(to: destination)
                } else {
                    try? fileManager.removeItem(at: destination)
                }
            }
            for folder in createdFolders.reversed() { try? fileManager.removeItem(at: folder) }
            if let error = error as? ScaffoldingError { throw error }
            throw ScaffoldingError("writing the feature failed (\(error.localizedDescription)); everything written was undone")
        }
    }

    /// Creates `folder` and its missing parents; returns those it created, outermost first.
    private func makeFolders(for folder: URL) throws -> [URL] {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: current.path) {
            missing.insert(current, at: 0)
            current = current.deletingLastPathComponent()
        }
        for url in missing {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        return missing
    }
}
