@testable import ArchitectureChecks
import Foundation
import ManifestReading
import Testing

@Suite("Architecture checks")
struct ArchitectureCheckTests {
    /// A package shaped like Agora: two features (one with its REPL view), the kits, a live service,
    /// a cache, an app.
    static let manifest = PackageManifest(name: "Agora", targets: builtUnderIsolationRule([
        .init(name: "AgoraModels", kind: .regular, path: "Modules/Core/AgoraModels"),
        .init(name: "AgoraArchitecture", kind: .regular, path: "Modules/Core/AgoraArchitecture"),
        .init(name: "AgoraCache", kind: .regular, path: "Modules/Services/AgoraCache"),
        .init(name: "AgoraLive", kind: .regular, path: "Modules/Services/AgoraLive"),
        .init(name: "AgoraMocks", kind: .regular, path: "Modules/Services/AgoraMocks"),
        .init(name: "AgoraTerminalUI", kind: .regular, path: "Modules/Core/AgoraTerminalUI"),
        .init(
            name: "Events", kind: .regular, path: "Modules/Features/Events/Events",
            dependencies: [.byName("AgoraModels"), .byName("AgoraCache"), .byName("AgoraArchitecture")]
        ),
        .init(
            name: "EventsREPL", kind: .regular, path: "Modules/Features/Events/EventsREPL",
            dependencies: [.byName("Events"), .byName("AgoraTerminalUI"), .byName("AgoraModels")]
        ),
        .init(name: "Comments", kind: .regular, path: "Modules/Features/Comments/Comments", dependencies: [.byName("AgoraModels")]),
        .init(
            name: "AgoraApp", kind: .regular, path: "Modules/Composition/AgoraApp",
            dependencies: [.byName("AgoraLive"), .byName("Events"), .byName("Comments")]
        ),
        .init(name: "agora-server", kind: .executable, path: "Apps/agora-server"),
        .init(name: "EventsTests", kind: .test, path: "Tests/EventsTests", dependencies: [.byName("Events"), .byName("AgoraApp"), .byName("AgoraMocks")]),
    ]))

    /// Runs the check on a folder holding `files` (path → source).
    func violations(_ files: [String: String], manifest: PackageManifest = Self.manifest) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-arch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, source) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url)
        }
        return try ArchitectureCheck(root: folder, manifest: manifest).run().violations.map(\.description)
    }

    @Test("given modules that keep the rules, when checked, then nothing is reported")
    func clean() throws {
        let found = try violations([
            "Modules/Features/Events/Events/ViewModel/EventsViewModel.swift": "import AgoraArchitecture\nimport AgoraModels\nimport Foundation\n",
            "Modules/Features/Events/Events/UseCase/EventsUseCase.swift": "import AgoraCache\nimport AgoraModels\n",
            "Modules/Features/Events/EventsREPL/Screens/EventsScreen.swift": "import AgoraArchitecture\nimport AgoraTerminalUI\nimport Events\n",
            "Modules/Composition/AgoraApp/App.swift": "import AgoraLive\nimport Events\nimport Comments\n",
            "Tests/EventsTests/T.swift": "import Comments\nimport AgoraMocks\n",
        ])
        #expect(found.isEmpty)
    }

    @Test("given a feature that imports another, when checked, then it fails naming the file, the line and the import")
    func featureImportsFeature() throws {
        let found = try violations(["Modules/Features/Events/Events/Coordinator/C.swift": "import AgoraArchitecture\n@testable import Comments\n"])
        #expect(found == ["Modules/Features/Events/Events/Coordinator/C.swift:2: error: feature Events imports feature Comments; features never import each other: open the other's screen by Route through the navigator"])
    }

    @Test("given a feature library that imports the terminal view kit, the C library, networking, the cache's database or an app, when checked, then each import fails", arguments: [
        "AgoraTerminalUI", "Glibc", "FoundationNetworking", "GRDB", "AgoraApp",
    ])
    func featureLibraryStaysUINeutral(module: String) throws {
        let found = try violations(["Modules/Features/Events/Events/Coordinator/C.swift": "import AgoraArchitecture\nimport \(module)\n"])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("Modules/Features/Events/Events/Coordinator/C.swift:2: error: feature Events imports \(module); a feature may import only ") == true)
    }

    @Test("given a REPL view that imports another feature or the REPL, when checked, then it fails naming what it may import", arguments: ["Comments", "AgoraREPL"])
    func featureViewImportsOutside(module: String) throws {
        let found = try violations(["Modules/Features/Events/EventsREPL/Screens/S.swift": "import AgoraTerminalUI\nimport Events\nimport \(module)\n"])
        #expect(found == [
            "Modules/Features/Events/EventsREPL/Screens/S.swift:3: error: the REPL view EventsREPL imports \(module); it may import only its feature Events and AgoraAPI, AgoraArchitecture, AgoraCache, AgoraDI, AgoraMocks, AgoraModels, AgoraTerminalUI, Foundation, Observation, Swift, Synchronization, _Concurrency",
        ])
    }

    /// The manifest with a web kit, a feature's web view, the web app and the REPL module.
    static let manifestWithWeb = PackageManifest(
        name: "Agora",
        targets: manifest.targets
            + builtUnderIsolationRule([
                .init(name: "AgoraWebUI", kind: .regular, path: "Modules/Core/AgoraWebUI", dependencies: [.byName("AgoraArchitecture")]),
                .init(
                    name: "EventsWeb", kind: .regular, path: "Modules/Features/Events/EventsWeb",
                    dependencies: [.byName("Events"), .byName("AgoraWebUI"), .byName("AgoraModels"), .byName("AgoraTerminalUI")]
                ),
                .init(name: "AgoraWeb", kind: .regular, path: "Modules/Web/AgoraWeb", dependencies: [.byName("AgoraWebUI"), .byName("AgoraTerminalUI")]),
                .init(name: "AgoraREPL", kind: .regular, path: "Modules/REPL/AgoraREPL", dependencies: [.byName("AgoraTerminalUI"), .byName("AgoraWebUI")]),
            ]))

    @Test("given a web view that draws with the web kit, when checked, then nothing is reported")
    func webViewWithItsKit() throws {
        let found = try violations(
            ["Modules/Features/Events/EventsWeb/Pages/P.swift": "import AgoraArchitecture\nimport AgoraWebUI\nimport Events\n"],
            manifest: PackageManifest(name: "Agora", targets: Self.manifestWithWeb.targets.filter { $0.name != "EventsWeb" } + builtUnderIsolationRule([
                .init(name: "EventsWeb", kind: .regular, path: "Modules/Features/Events/EventsWeb", dependencies: [.byName("Events"), .byName("AgoraWebUI")])
            ])))
        #expect(found.isEmpty, "\(found)")
    }

    @Test("given articles of the architecture kit, a feature library and a view kit that speak of the REPL, when checked, then the kit's and the library's fail on their lines and the view kit's may")
    func articlesOfTheKitSpeakOfNoTool() throws {
        let text = "# Lists\n\nA list shows its rows.\nThe REPL prints them numbered.\n"
        let found = try violations([
            "Modules/Core/AgoraArchitecture/AgoraArchitecture.docc/Lists.md": text,
            "Modules/Features/Events/Events/Events.docc/Lists.md": text,
            "Modules/Core/AgoraTerminalUI/AgoraTerminalUI.docc/Lists.md": text,
        ])
        #expect(found.contains { $0.hasPrefix("Modules/Core/AgoraArchitecture/AgoraArchitecture.docc/Lists.md:4: error:") && $0.contains("'REPL'") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Modules/Features/Events/Events/Events.docc/Lists.md:4: error:") && $0.contains("'REPL'") }, "\(found)")
        #expect(!found.contains { $0.contains("AgoraTerminalUI.docc") }, "\(found)")
        #expect(found.count == 2, "\(found)")
    }

    @Test("given a web target that imports the terminal kit, or a REPL target the web kit, when checked, then each import fails naming the other view's kit")
    func viewsNeverImportEachOthersKit() throws {
        let found = try violations(
            [
                "Modules/Features/Events/EventsWeb/Pages/P.swift": "import AgoraWebUI\nimport AgoraTerminalUI\n",
                "Modules/Web/AgoraWeb/W.swift": "import AgoraTerminalUI\n",
                "Modules/REPL/AgoraREPL/R.swift": "import AgoraWebUI\n",
            ], manifest: Self.manifestWithWeb)
        let rule = "the other view's kit; a web target draws with AgoraWebUI and a REPL target with AgoraTerminalUI"
        #expect(found.contains { $0.hasPrefix("Modules/Features/Events/EventsWeb/Pages/P.swift:2: error: EventsWeb imports AgoraTerminalUI, \(rule)") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Modules/Web/AgoraWeb/W.swift:1: error: AgoraWeb imports AgoraTerminalUI, \(rule)") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Modules/REPL/AgoraREPL/R.swift:1: error: AgoraREPL imports AgoraWebUI, \(rule)") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Package.swift: error: the manifest gives feature EventsWeb the dependency AgoraTerminalUI;") }, "\(found)")
    }

    @Test("given a module that imports a package target it does not depend on, when checked, then it fails naming both; one reached through a dependency is fine")
    func importsUndeclaredTarget() throws {
        let found = try violations([
            "Modules/Services/AgoraMocks/M.swift": "import AgoraCache\n",
            "Modules/Features/Events/EventsREPL/S.swift": "import AgoraModels\nimport Events\nimport AgoraTerminalUI\n",
        ])
        #expect(found == [
            "Modules/Services/AgoraMocks/M.swift:1: error: module AgoraMocks imports AgoraCache, which Package.swift does not give it, not even through another dependency; a clean build fails: add it to the dependencies or drop the import",
        ])
    }

    @Test("given a test target that imports a package target it does not depend on, when checked, then it fails naming both; one reached through a dependency is fine")
    func testImportsUndeclaredTarget() throws {
        let found = try violations(["Tests/EventsTests/T.swift": "import Testing\n@testable import Events\nimport Comments\nimport AgoraTerminalUI\n"])
        #expect(found == [
            "Tests/EventsTests/T.swift:4: error: module EventsTests imports AgoraTerminalUI, which Package.swift does not give it, not even through another dependency; a clean build fails: add it to the dependencies or drop the import",
        ])
    }

    @Test("given ViewModels that import a live service, the cache or the REPL, when checked, then each import fails", arguments: [
        ("AgoraLive", "the live service"),
        ("AgoraMocks", "the mock service"),
        ("AgoraCache", "the cache"),
        ("AgoraSQLiteCache", "the cache"),
        ("GRDB", "the cache's database"),
        ("FoundationNetworking", "Foundation's networking"),
        ("OpenAPIURLSession", "the live service's HTTP client"),
        ("AgoraREPL", "the REPL"),
        ("LineEditing", "the REPL"),
    ])
    func viewModelImports(module: String, what: String) throws {
        let found = try violations(["Modules/Features/Events/Events/ViewModel/V.swift": "import AgoraModels\nimport \(module)\n"])
        #expect(found == ["Modules/Features/Events/Events/ViewModel/V.swift:2: error: a ViewModel imports \(module) (\(what)); a ViewModel reaches data only through its UseCase protocols"])
    }

    @Test("given a module that imports an app, when checked, then it fails naming the app's module")
    func moduleImportsApp() throws {
        let found = try violations(["Modules/Composition/AgoraApp/A.swift": "import Foundation\nimport agora_server\n"])
        #expect(found == ["Modules/Composition/AgoraApp/A.swift:2: error: module AgoraApp imports the app agora_server; apps depend on modules, never the other way"])
    }

    @Test("given a feature that imports outside its kit, when checked, then it fails listing what it may import")
    func featureOutsideKit() throws {
        let found = try violations(["Modules/Features/Events/Events/UseCase/U.swift": "import AgoraLive\n"])
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("Modules/Features/Events/Events/UseCase/U.swift:1: error: feature Events imports AgoraLive; a feature may import only "))
        #expect(found[0].contains("AgoraAPI, AgoraArchitecture, AgoraCache, AgoraDI, AgoraMocks, AgoraModels"))
    }

    @Test("given a manifest that gives a feature a dependency outside its kit, when checked, then it fails naming Package.swift")
    func manifestDependency() throws {
        var targets = Self.manifest.targets
        targets[6] = .init(name: "Events", kind: .regular, path: "Modules/Features/Events/Events", dependencies: [.byName("AgoraLive"), .product(name: "GRDB", package: "GRDB.swift")]).withIsolationDefault
        let found = try violations([:], manifest: PackageManifest(name: "Agora", targets: targets))
        #expect(found == [
            "Package.swift: error: the manifest gives feature Events the dependency AgoraLive; a feature may depend only on AgoraAPI, AgoraArchitecture, AgoraCache, AgoraDI, AgoraMocks, AgoraModels",
            "Package.swift: error: the manifest gives feature Events the dependency GRDB (GRDB.swift); a feature may depend only on AgoraAPI, AgoraArchitecture, AgoraCache, AgoraDI, AgoraMocks, AgoraModels",
        ])
    }

    @Test("given imports in every form, when scanned, then attributes, kinds and submodules are read and comments and strings are not")
    func scanning() {
        let source = """
        @testable import Events
        @preconcurrency public import Foundation
        import struct AgoraModels.Event
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        // import Comments
        /* import Auth
           import Auth */
        let text = \"\"\"
        import Activities
        \"\"\"
        let important = 1
        """
        #expect(SourceImport.scan(source) == [
            .init(module: "Events", line: 1), .init(module: "Foundation", line: 2), .init(module: "AgoraModels", line: 3),
            .init(module: "FoundationNetworking", line: 5),
        ])
    }

    @Test("given a copy of this repository with a planted bad import, when checked with its real manifest, then the check fails naming that file and import")
    func plantedImportInRealRepository() throws {
        let copy = try RepositoryCopy(["Package.swift", "Modules", "Apps"])
        let file = "Modules/Features/Events/Events/ViewModel/EventsListViewModel.swift"
        try copy.write("import AgoraLive\nimport Comments\n" + copy.read(file), to: file)
        let manifest = try ManifestsEvaluatedOnce.load(packageAt: copy.root)

        let report = try ArchitectureCheck(root: copy.root, manifest: manifest).run()
        let found = report.violations.map(\.description)

        #expect(found.contains("\(file):1: error: a ViewModel imports AgoraLive (the live service); a ViewModel reaches data only through its UseCase protocols"))
        #expect(found.contains("\(file):2: error: feature Events imports feature Comments; features never import each other: open the other's screen by Route through the navigator"))
        #expect(report.filesScanned > 100, "the real modules were read, not an empty copy")
    }
}
