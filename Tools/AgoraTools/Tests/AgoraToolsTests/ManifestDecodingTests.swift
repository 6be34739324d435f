import Foundation
import ManifestReading
import Testing

@Suite("Reading dump-package's manifest")
struct ManifestDecodingTests {
    @Test("given dump-package JSON, when decoded, then targets, kinds, paths and each form of dependency are read")
    func decodes() throws {
        let json = """
        {"name": "Agora", "dependencies": [{"sourceControl": [{"identity": "swift-log"}]}],
         "targets": [
          {"name": "AgoraApp", "type": "regular", "path": "Modules/Composition/AgoraApp", "exclude": [],
           "dependencies": [{"byName": ["Events", null]}, {"target": ["AgoraModels", null]},
                            {"product": ["Logging", "swift-log", null, null]}]},
          {"name": "Events", "type": "regular", "path": null, "exclude": ["x"], "dependencies": []},
          {"name": "agora-server", "type": "executable", "path": "Apps/agora-server", "dependencies": []},
          {"name": "EventsTests", "type": "test", "dependencies": []}
         ]}
        """
        let manifest = try ManifestLoader.decode(Data(json.utf8))

        #expect(manifest.targets.map(\.name) == ["AgoraApp", "Events", "agora-server", "EventsTests"])
        #expect(manifest.dependencyIdentities == ["swift-log"])
        let app = try #require(manifest.target(named: "AgoraApp"))
        #expect(app.dependencies == [.byName("Events"), .target("AgoraModels"), .product(name: "Logging", package: "swift-log")])
        #expect(manifest.resolvedDependencies(of: app) == [.target("Events"), .target("AgoraModels"), .product(name: "Logging", package: "swift-log")])
        #expect(manifest.target(named: "Events")?.sourcePath == "Sources/Events")
        #expect(manifest.target(named: "EventsTests")?.sourcePath == "Tests/EventsTests")
        #expect(manifest.target(named: "agora-server")?.moduleName == "agora_server")
        #expect(manifest.target(named: "agora-server")?.isApp == true)
    }

    @Test("given this repository, when its manifest is loaded, then the features are the folders under Modules/Features")
    func loadsRealManifest() throws {
        let manifest = try ManifestLoader.load(packageAt: RepositoryCopy.original)
        let features = manifest.targets.filter(\.isFeature).map(\.name)
        let folders = try FileManager.default.contentsOfDirectory(atPath: RepositoryCopy.original.appendingPathComponent("Modules/Features").path)
        #expect(Set(features) == Set(folders.filter { !$0.hasPrefix(".") }))
        #expect(manifest.targets.contains { $0.name == "agora" && $0.isApp })
    }
}
