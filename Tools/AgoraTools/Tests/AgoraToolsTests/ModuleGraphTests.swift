import ManifestReading
@testable import ModuleGraph
import Testing

@Suite("Module graph")
struct ModuleGraphTests {
    static let manifest = PackageManifest(name: "Agora", targets: [
        .init(name: "AgoraModels", kind: .regular, path: "Modules/Core/AgoraModels"),
        .init(name: "Events", kind: .regular, path: "Modules/Features/Events", dependencies: [.byName("AgoraModels")]),
        .init(name: "AgoraApp", kind: .regular, path: "Modules/Composition/AgoraApp", dependencies: [.byName("Events"), .target("AgoraModels")]),
        .init(name: "agora-server", kind: .executable, path: "Apps/agora-server", dependencies: [.byName("AgoraApp"), .product(name: "Logging", package: "swift-log")]),
        .init(name: "EventsTests", kind: .test, path: "Tests/EventsTests", dependencies: [.byName("Events")]),
    ])

    @Test("given a manifest, when drawn as Mermaid, then one subgraph per layer, bottom first, an arrow per dependency, no test targets")
    func mermaid() {
        let graph = ModuleGraph(manifest: Self.manifest)
        #expect(graph.mermaid() == """
        flowchart TB
            subgraph layer_Core [Core]
                AgoraModels["AgoraModels"]
            end
            subgraph layer_Features [Features]
                Events["Events"]
            end
            subgraph layer_Composition [Composition]
                AgoraApp["AgoraApp"]
            end
            subgraph layer_Apps [Apps]
                agora_server["agora-server"]
            end
            subgraph layer_Packages [Packages]
                pkg_Logging["Logging"]
            end
            Events --> AgoraModels
            AgoraApp --> Events
            AgoraApp --> AgoraModels
            agora_server --> AgoraApp
            agora_server --> pkg_Logging

        """)
    }

    @Test("given a manifest, when drawn as DOT, then one cluster per layer and products dashed")
    func dot() {
        let dot = ModuleGraph(manifest: Self.manifest).dot()
        #expect(dot.hasPrefix("digraph Agora {\n"))
        #expect(dot.contains("    subgraph \"cluster_Features\" {\n        label=\"Features\";\n        \"Events\" [label=\"Events\"];\n    }"))
        #expect(dot.contains("\"Logging\" [label=\"Logging\", style=dashed];"))
        #expect(dot.contains("    \"agora-server\" -> \"AgoraApp\";"))
        #expect(!dot.contains("EventsTests"))
        #expect(dot.hasSuffix("}\n"))
    }

    @Test("given --include-tests, when drawn, then test targets and their dependencies appear")
    func includeTests() {
        let graph = ModuleGraph(manifest: Self.manifest, includeTests: true)
        #expect(graph.nodes.contains { $0.name == "EventsTests" && $0.layer == .tests })
        #expect(graph.edges.contains(.init(from: "EventsTests", to: "Events")))
    }

    @Test("given folders, when their layer is read, then it is the folder under Modules, or Apps, or the composition root for the package root")
    func layers() {
        #expect(ModuleLayer.of(path: "Modules/Services/AgoraAPI") == .services)
        #expect(ModuleLayer.of(path: "Modules/REPL/LineEditing") == .repl)
        #expect(ModuleLayer.of(path: "Apps/agora") == .apps)
        #expect(ModuleLayer.of(path: ".") == .composition)
        #expect(ModuleLayer.of(path: "Modules/Web/AgoraWeb") == .web)
        #expect(ModuleLayer.order.prefix(10).map(\.name) == ["Core", "Services", "Contract", "Server", "Features", "Composition", "REPL", "Web", "Apps", "Testing"])
    }

    @Test("given a README with the markers, when the picture is replaced, then only the text between them changes and reads back equal")
    func readmeRoundTrip() throws {
        let readme = "# Agora\n\n## Module graph\n\n\(ReadmeGraphSection.startMarker)\nold\n\(ReadmeGraphSection.endMarker)\n\nMore.\n"
        let body = ReadmeGraphSection.body(for: ModuleGraph(manifest: Self.manifest))

        let updated = try ReadmeGraphSection.replacing(in: readme, with: body)

        #expect(try ReadmeGraphSection.current(in: updated) == body)
        #expect(updated.hasPrefix("# Agora\n\n## Module graph\n\n\(ReadmeGraphSection.startMarker)\n```mermaid\nflowchart TB\n"))
        #expect(updated.hasSuffix("```\n\(ReadmeGraphSection.endMarker)\n\nMore.\n"))
        #expect(try ReadmeGraphSection.current(in: readme) != body, "the old picture is stale")
    }

    @Test("given a README without the markers, when read, then the error names the modules' README and the markers to add")
    func readmeWithoutMarkers() {
        #expect(throws: ReadmeGraphSection.Failure(description: "Modules/README.md: no <!-- module-graph:start --> marker; add <!-- module-graph:start --> and <!-- module-graph:end --> where the module graph goes")) {
            try ReadmeGraphSection.current(in: "# Agora\n")
        }
    }
}
