import Foundation
import ManifestReading
import Synchronization

/// `swift package dump-package` once per manifest: every test's copy of the repository has the
/// same Package.swift, and SwiftPM compiles and runs it anew in each folder (seconds of a core
/// each time). What the manifest says depends only on its text and on the Secrets.swift it reads,
/// so a manifest already evaluated is given back rather than evaluated again.
enum ManifestsEvaluatedOnce {
    private static let evaluated = Mutex<[String: PackageManifest]>([:])

    /// The manifest of the package at `root`, as ``ManifestLoader/load(packageAt:)`` reads it.
    static func load(packageAt root: URL) throws(ManifestLoader.Failure) -> PackageManifest {
        guard let text = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8) else {
            return try ManifestLoader.load(packageAt: root)  // it says what is wrong with the folder
        }
        let secrets = (try? String(contentsOf: root.appendingPathComponent("Secrets.swift"), encoding: .utf8)) ?? ""
        let key = text + "\u{0}" + secrets
        if let manifest = evaluated.withLock({ $0[key] }) { return manifest }
        let manifest = try ManifestLoader.load(packageAt: root)
        evaluated.withLock { $0[key] = manifest }
        return manifest
    }
}
