import AgoraModels
import Foundation
import Testing

/// What an adopter's `Package.swift` needs of ours: SwiftPM refuses a dependency pinned by version
/// whose targets use unsafe flags, so none may appear in the manifest.
@Suite("The package manifest can be depended on by version")
struct PackageManifestTests {
    static let manifest = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Package.swift")

    @Test("given the root manifest, then no target uses unsafeFlags")
    func noUnsafeFlags() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)

        #expect(text.contains("let package = Package("), "read the right manifest")
        let lines = text.split(separator: "\n").enumerated().filter { $0.element.contains("unsafeFlags") }
        #expect(lines.isEmpty, "unsafeFlags on lines \(lines.map { $0.offset + 1 })")
    }
}

/// One version, in `AgoraVersion`: the changelog has a section for it.
@Suite("The version")
struct VersionTests {
    @Test("given AgoraVersion.current, then it is MAJOR.MINOR.PATCH and CHANGELOG.md has a section for it")
    func changelogHasTheCurrentVersion() throws {
        let changelog = PackageManifestTests.manifest.deletingLastPathComponent().appending(path: "CHANGELOG.md")
        let text = try String(contentsOf: changelog, encoding: .utf8)

        #expect(AgoraVersion.current.split(separator: ".").count == 3 && AgoraVersion.current.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(text.split(separator: "\n").contains("## \(AgoraVersion.current)"), "CHANGELOG.md has no '## \(AgoraVersion.current)' section")
    }
}
