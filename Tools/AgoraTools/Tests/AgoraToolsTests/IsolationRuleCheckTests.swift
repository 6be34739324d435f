@testable import ArchitectureChecks
import Foundation
import ManifestReading
import Testing

extension PackageManifest.Target {
    /// The target as Package.swift builds every module and app: with NonisolatedNonsendingByDefault.
    var withIsolationDefault: Self {
        .init(name: name, kind: kind, path: path, exclude: exclude, dependencies: dependencies, upcomingFeatures: [IsolationRuleCheck.feature])
    }
}

/// `targets` as Package.swift builds them: the modules and apps with NonisolatedNonsendingByDefault.
func builtUnderIsolationRule(_ targets: [PackageManifest.Target]) -> [PackageManifest.Target] {
    targets.map(\.withIsolationDefault)
}

@Suite("One rule for async isolation")
struct IsolationRuleCheckTests {
    static let path = "Modules/Services/AgoraCache/ListCache.swift"

    func lines(_ source: String) -> [Int] {
        IsolationRuleCheck.violations(path: Self.path, source: source).compactMap(\.line)
    }

    @Test("given plain async functions, @concurrent work and the spelling only in comments and strings, when checked, then nothing is reported")
    func clean() {
        let source = """
            /// Runs on the caller's actor: no `nonisolated(nonsending)` needed.
            protocol ListCache {
                func items(in list: String) async -> [Int]
                // nonisolated(nonsending) is the default here.
                @concurrent func decode(_ data: Data) async -> [Int]
                nonisolated var name: String { "nonisolated(nonsending)" }
            }
            """
        #expect(lines(source).isEmpty)
    }

    @Test(
        "given nonisolated(nonsending) spelled out on a method, a modifier list or a function type, when checked, then each is reported on its line",
        arguments: [
            "    nonisolated(nonsending) func items() async -> [Int]",
            "    public nonisolated(nonsending) func items() async -> [Int]",
            "    func run(_ body: nonisolated( nonsending ) () async -> Void) async",
        ])
    func spelledOut(line: String) {
        let found = IsolationRuleCheck.violations(path: Self.path, source: "protocol P {\n\(line)\n}")
        #expect(found.map(\.line) == [2])
        #expect(found.first?.rule == .isolationSpelledOut)
        #expect(found.first?.description.contains("drop it (mark work that must leave the caller's actor `@concurrent`)") == true)
    }

    @Test("given a manifest that builds a module or an app without the upcoming feature, when checked, then it fails naming the target; tests are not covered")
    func manifestWithoutFeature() {
        let targets: [PackageManifest.Target] = [
            .init(name: "AgoraCache", kind: .regular, path: "Modules/Services/AgoraCache"),
            .init(name: "agora", kind: .executable, path: "Apps/agora"),
            .init(name: "AgoraModels", kind: .regular, path: "Modules/Core/AgoraModels").withIsolationDefault,
            .init(name: "AgoraCacheTests", kind: .test, path: "Tests/AgoraCacheTests"),
        ]
        let found = targets.compactMap(IsolationRuleCheck.manifestViolation).map(\.description)
        #expect(found == [
            "Package.swift: error: the manifest builds AgoraCache without the upcoming feature NonisolatedNonsendingByDefault; give it Package.swift's isolationSettings, so its async functions follow the same rule as every other module's",
            "Package.swift: error: the manifest builds agora without the upcoming feature NonisolatedNonsendingByDefault; give it Package.swift's isolationSettings, so its async functions follow the same rule as every other module's",
        ])
    }

    @Test("given dump-package JSON with settings, when decoded, then the upcoming features are read and other settings are skipped")
    func decodesUpcomingFeatures() throws {
        let json = """
            {"name": "Agora", "targets": [
              {"name": "AgoraCache", "type": "regular", "path": "Modules/Services/AgoraCache", "dependencies": [],
               "settings": [{"kind": {"define": {"_0": "DEBUG"}}, "tool": "swift"},
                            {"kind": {"enableUpcomingFeature": {"_0": "NonisolatedNonsendingByDefault"}}, "tool": "swift"}]},
              {"name": "agora", "type": "executable", "path": "Apps/agora", "dependencies": []}
            ]}
            """
        let manifest = try ManifestLoader.decode(Data(json.utf8))
        #expect(manifest.target(named: "AgoraCache")?.upcomingFeatures == ["NonisolatedNonsendingByDefault"])
        #expect(manifest.target(named: "agora")?.upcomingFeatures == [])
    }

    @Test("given a copy of this repository with nonisolated(nonsending) planted in an app, when checked with its real manifest, then only that line fails")
    func plantedInRealRepository() throws {
        // What the documents name is declared there too: the tests and the secrets' switch.
        let copy = try RepositoryCopy(["Package.swift", "Secrets.example.swift", "Modules", "Apps", "Tests"])
        let file = "Apps/agora/Editor.swift"
        let source = try copy.read(file)
        try copy.write(source.replacingOccurrences(of: "    func edit(", with: "    nonisolated(nonsending) func edit("), to: file)
        let line = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("    func edit(") }) + 1
        let manifest = try ManifestsEvaluatedOnce.load(packageAt: copy.root)

        let found = try ArchitectureCheck(root: copy.root, manifest: manifest).run().violations.map(\.description)

        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(file):\(line): error: nonisolated(nonsending) is spelled out") == true)
    }
}
