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
