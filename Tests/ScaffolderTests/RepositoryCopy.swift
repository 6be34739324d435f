import Foundation

/// A copy of this repository's files in a temporary folder, made a git repository of its own so
/// `git status --porcelain` shows what a command wrote.
struct RepositoryCopy {
    /// This repository: two folders up from Tests/ScaffolderTests.
    static let original = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let root: URL
    /// TMPDIR for the commands run on the copy: SwiftPM leaves lock files there per package
    /// path, removed with the copy.
    var temporary: URL { root.appendingPathExtension("tmp") }

    /// Copies the files git knows of — tracked, and new ones not ignored (so work not yet
    /// committed is in the copy too) — and Package.resolved, so the copy resolves the same
    /// versions. Build folders and the private Secrets.swift are ignored, so never copied.
    static func make() async throws -> RepositoryCopy {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agora-scaffolder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathExtension("tmp"), withIntermediateDirectories: true)
        let list = try await ExternalCommand(arguments: ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], directory: original).run()
        guard list.status == 0 else { throw CopyError("git ls-files failed in \(original.path): \(list.errors)") }
        let paths = list.output.split(separator: "\0").map(String.init) + ["Package.resolved"]
        let fileManager = FileManager.default
        for path in paths {
            let source = original.appendingPathComponent(path)
            guard fileManager.fileExists(atPath: source.path) else { continue }  // deleted, not yet committed
            let destination = root.appendingPathComponent(path)
            try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(at: source, to: destination)
            if let permissions = try fileManager.attributesOfItem(atPath: source.path)[.posixPermissions] {
                try fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: destination.path)
            }
        }
        let copy = RepositoryCopy(root: root)
        for arguments in [
            ["init", "-q"], ["add", "-A"], ["-c", "user.name=ScaffolderTests", "-c", "user.email=scaffolder@agora.example", "commit", "-q", "-m", "copy"],
        ] {
            let result = try await copy.git(arguments)
            guard result.status == 0 else { throw CopyError("git \(arguments.joined(separator: " ")) failed: \(result.errors)") }
        }
        return copy
    }

    func git(_ arguments: [String]) async throws -> ExternalCommand.Result {
        try await ExternalCommand(arguments: ["git"] + arguments, directory: root).run()
    }

    /// `git status --porcelain`: empty when nothing was written since the last look.
    func status() async throws -> String {
        try await git(["status", "--porcelain", "--untracked-files=all"]).output
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: temporary)
    }
}

struct CopyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
