import Foundation

/// Reads a package's manifest through `swift package dump-package`: the manifest SwiftPM itself
/// evaluates, never a hand-kept list of modules. Takes about a second and builds nothing.
public enum ManifestLoader {
    /// Why a manifest could not be read.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The manifest of the package at `root` (the folder holding `Package.swift`).
    public static func load(packageAt root: URL) throws(Failure) -> PackageManifest {
        let result: ChildProcess.Result
        // SwiftPM leaves a lock file per package path in TMPDIR; a folder of its own, removed
        // afterwards, keeps the temporary packages the tools evaluate from littering it.
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("agora-tools-swiftpm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            result = try ChildProcess(
                ["swift", "package", "--package-path", root.path, "dump-package"], environment: ["TMPDIR": temporary.path]
            ).run()
        } catch {
            throw Failure(description: "cannot run `swift package dump-package`: \(error); is swift on PATH?")
        }
        guard result.status == 0 else {
            let reason = result.standardError.split(separator: "\n").first { $0.contains("error") }
                ?? result.standardError.split(separator: "\n").first ?? "exit status \(result.status)"
            throw Failure(description: "\(root.appendingPathComponent("Package.swift").path): swift package dump-package failed: \(reason)")
        }
        return try decode(result.standardOutput)
    }

    /// A manifest from dump-package's JSON.
    public static func decode(_ json: Data) throws(Failure) -> PackageManifest {
        do {
            return try JSONDecoder().decode(PackageManifest.self, from: json)
        } catch {
            throw Failure(description: "swift package dump-package printed a manifest the tools cannot read: \(error)")
        }
    }
}
