// swift-tools-version: 6.2
//
// Agora: one manifest, many small modules. Read it top to bottom:
//   core (models, dependency injection, the architecture kit) →
//   services (API protocol, cache, mocks) → features → composition → apps.
// Each feature is one line in `features`; `feature(_:)` gives it the same shape as every other.

import PackageDescription

// MARK: - Features

/// Every feature module of the app. Adding one: a folder in Modules/Features, a line here,
/// its screens in `AgoraPlugins.all` and its web views in `AgoraWebPlugins.all`.
let features = [
    "Auth",
    "Events",
    "Comments",
    "Activities",
]

/// The feature `Scripts/new-feature` copies and renames (Modules/Features/TemplateItems): the
/// simplest list, built and tested as every feature is, but not in the app and not a product.
let templateFeature = "TemplateItems"

/// What every feature library may depend on: the core, the service protocols and the mock world a
/// feature's own mock answers from; never another feature, a view, the live service, the REPL or
/// the server.
let featureDependencies: [Target.Dependency] = ["AgoraModels", "AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraMocks", "AgoraCache"]

/// A feature is four targets side by side in `Modules/Features/<name>/`: the library (Models,
/// UseCase, ViewModel, Coordinator, Plugin, and a Service of its own where it has one; no view
/// code, so a GUI app can use it unchanged), the inputs its views send (`<name>ViewInputs`), its
/// REPL view (`<name>REPL`: the screens that show its ViewModels) and its web view (`<name>Web`:
/// the pages that show the same ViewModels), with one test target.
func feature(_ name: String) -> [Target] {
    [
        .target(name: name, dependencies: featureDependencies, path: "Modules/Features/\(name)/\(name)"),
        // The inputs both views send, traced for the explorer: written once, beside the views.
        .target(
            name: "\(name)ViewInputs",
            dependencies: [.target(name: name)] + featureDependencies,
            path: "Modules/Features/\(name)/\(name)ViewInputs"
        ),
        .target(
            name: "\(name)REPL",
            dependencies: [.target(name: name), .target(name: "\(name)ViewInputs"), "AgoraTerminalUI"] + featureDependencies,
            path: "Modules/Features/\(name)/\(name)REPL"
        ),
        .target(
            name: "\(name)Web",
            dependencies: [.target(name: name), .target(name: "\(name)ViewInputs"), "AgoraWebUI"] + featureDependencies,
            path: "Modules/Features/\(name)/\(name)Web"
        ),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name), .target(name: "\(name)REPL"), "AgoraTestSupport", "AgoraMocks", "AgoraObservation"],
            path: "Tests/\(name)Tests"
        ),
    ]
}

// MARK: - Core, services, composition and apps

let coreTargets: [Target] = [
    .target(name: "AgoraModels", path: "Modules/Core/AgoraModels"),
    .target(name: "AgoraDI", path: "Modules/Core/AgoraDI"),
    // Files that hold secrets, created owner-only from the first system call (session, cache,
    // history, the server's database).
    .target(name: "AgoraPrivateFiles", path: "Modules/Core/AgoraPrivateFiles"),
    // The architecture kit: the UI-neutral MVVM runtime (outputs, signals, work, pagination,
    // session, navigation, plugins) that feature libraries build on.
    .target(name: "AgoraArchitecture", dependencies: ["AgoraModels", "AgoraDI"], path: "Modules/Core/AgoraArchitecture"),
    // The SwiftUI bridge: a ViewModel's outputs as `@Observable` models (Observation is in every
    // Swift toolchain, Linux's too), what a GUI app's views read.
    .target(name: "AgoraObservation", dependencies: ["AgoraArchitecture"], path: "Modules/Core/AgoraObservation"),
    // The host kit: what every view of an app does with the application coordinator's stack
    // (a screen per ViewModel, told when it shows, waited for), written once for all views.
    .target(name: "AgoraHosting", dependencies: ["AgoraArchitecture"], path: "Modules/Core/AgoraHosting"),
    // The terminal view kit: screens, commands, the console, tables and text width; what the
    // features' REPL views build on.
    .target(name: "AgoraTerminalUI", dependencies: ["AgoraArchitecture", "AgoraDI", "AgoraHosting"], path: "Modules/Core/AgoraTerminalUI"),
    // The web view kit: typed HTML that escapes every text, pages over ViewModels, the list page;
    // what the features' web views build on.
    .target(name: "AgoraWebUI", dependencies: ["AgoraArchitecture", "AgoraDI", "AgoraModels", "AgoraHosting"], path: "Modules/Core/AgoraWebUI"),

    .target(name: "AgoraAPI", dependencies: ["AgoraModels"], path: "Modules/Services/AgoraAPI"),
    .target(name: "AgoraCache", dependencies: ["AgoraModels", "AgoraArchitecture"], path: "Modules/Services/AgoraCache"),
    .target(name: "AgoraMocks", dependencies: ["AgoraModels", "AgoraAPI"], path: "Modules/Services/AgoraMocks"),

    // Live mode. The contract's types are generated from openapi.yaml (Scripts/generate-openapi)
    // and shared by the live client and the server; the server's stubs and Hummingbird stay in
    // AgoraServer, so no client module ever builds them.
    .target(
        name: "AgoraContract",
        dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
        path: "Modules/Contract/AgoraContract",
        exclude: ["openapi.yaml", "openapi-generator-types.yaml", "openapi-generator-client.yaml", "openapi-generator-server.yaml"],
        // Only generated code lives here; Scripts/generate-openapi makes it build warning-free,
        // so no unsafe flag is needed (SwiftPM refuses those in a dependency pinned by version).
    ),
    // How both sides put the contract on the wire (dates, JSON layout): hand-written, so kept
    // apart from the generated code and its silenced warnings.
    .target(
        name: "AgoraContractCoding",
        dependencies: [
            "AgoraModels",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ],
        path: "Modules/Contract/AgoraContractCoding"
    ),
    // libcurl's easy interface for the live transport, which bounds what it holds of a reply:
    // URLSession on Linux decodes any compressed reply in full before a delegate can stop it.
    .target(name: "CCurl", path: "Modules/Services/CCurl", linkerSettings: [.linkedLibrary("curl")]),
    .target(
        name: "AgoraLive",
        dependencies: [
            "AgoraModels", "AgoraAPI", "AgoraContract", "AgoraContractCoding", "CCurl",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        path: "Modules/Services/AgoraLive"
    ),
    // The cache's SQLite side (GRDB): the app links it; features see only AgoraCache's protocols.
    .target(
        name: "AgoraSQLiteCache",
        dependencies: ["AgoraModels", "AgoraCache", "AgoraPrivateFiles", .product(name: "GRDB", package: "GRDB.swift")],
        path: "Modules/Services/AgoraSQLiteCache"
    ),

    // The secrets are the Swift files at the root: the committed example and, when present, the
    // private `Secrets.swift`, whose members shadow the example's defaults (see
    // Secrets.example.swift). SwiftPM looks for sources anew on every build, so adding or removing
    // the file takes effect on the next build with no other step. Everything else at the root is
    // excluded here; a new top-level folder or file belongs in this list.
    .target(
        name: "AgoraSecrets",
        path: ".",
        exclude: ["Package.swift", "README.md", "LICENSE", "CONTRIBUTING.md", "CHANGELOG.md", "Modules", "Apps", "Tests", "Tools", "Scripts"]
    ),

    // The composition root, UI-neutral: the container for a mode and the features' plugins. Each
    // host (the REPL, the web app) brings its list of feature views, and the plugins with them.
    .target(
        name: "AgoraApp",
        dependencies: [
            "AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraCache", "AgoraMocks", "AgoraSecrets",
            "AgoraLive", "AgoraSQLiteCache", "AgoraPrivateFiles",
        ]
            + features.map { .target(name: $0) },
        path: "Modules/Composition/AgoraApp"
    ),

    .target(name: "CEditLine", path: "Modules/REPL/CEditLine", linkerSettings: [.linkedLibrary("edit")]),
    // Ends agora before `main` when it starts with standard output or error closed.
    .target(name: "CStandardStreams", path: "Modules/REPL/CStandardStreams"),
    .target(name: "CLargeBlocks", path: "Modules/REPL/CLargeBlocks"),
    .target(name: "LineEditing", dependencies: ["CEditLine", "AgoraPrivateFiles"], path: "Modules/REPL/LineEditing"),
    .target(
        name: "AgoraREPL",
        dependencies: ["AgoraApp", "AgoraArchitecture", "AgoraTerminalUI", "AgoraModels", "AgoraAPI"] + features.map { .target(name: "\($0)REPL") },
        path: "Modules/REPL/AgoraREPL"
    ),

    .executableTarget(
        name: "agora",
        dependencies: [
            "AgoraREPL", "AgoraApp", "AgoraModels", "AgoraMocks", "AgoraTerminalUI", "LineEditing", "CStandardStreams", "CLargeBlocks",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Apps/agora",
        exclude: ["README.md", "agora-output.schema.json"]
    ),

    // SHA-256 for the server's token digests, from the system: libcrypto (OpenSSL) on Linux,
    // CommonCrypto on macOS. swift-crypto would compile a copy of BoringSSL into every clean build.
    .target(name: "CSHA256", path: "Modules/Server/CSHA256", linkerSettings: [.linkedLibrary("crypto", .when(platforms: [.linux]))]),
    // What agora-server and agora-web both need in front of their routes: the Host allow-list
    // against DNS rebinding, trusted proxies' forwarding headers, connection limits, HTTP/1 framing,
    // and streams written from the event loop rather than by a task per connection.
    .target(
        name: "AgoraHTTPServing",
        dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Modules/Server/AgoraHTTPServing"
    ),
    // Where a PostgreSQL database is and how to reach it (URL, TLS, a deadline, errors in one
    // line): what agora-server's store and agora-web's shared sessions both connect with.
    .target(
        name: "AgoraPostgres",
        dependencies: [.product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"]))],
        path: "Modules/Server/AgoraPostgres"
    ),
    // agora-server: the API over HTTP (Hummingbird), stored in SQLite (GRDB) or, shared by several
    // servers, PostgreSQL (postgres-nio, with the trait of that name).
    .target(
        name: "AgoraServer",
        dependencies: [
            "AgoraModels", "AgoraContract", "AgoraContractCoding", "AgoraMocks", "AgoraPrivateFiles", "AgoraHTTPServing", "AgoraPostgres",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            "CSHA256",
            .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Modules/Server/AgoraServer"
    ),
    .executableTarget(
        name: "agora-server",
        dependencies: [
            "AgoraServer", "AgoraHTTPServing", "AgoraModels", "AgoraPostgres",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            // Flags, then AGORA_* variables, then a JSON file, read through one ConfigReader.
            .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ],
        path: "Apps/agora-server",
        exclude: ["README.md"]
    ),

    // agora-web: the features' web views served as pages (Hummingbird); each browser session a
    // small record, its composition a cache of it.
    .target(
        name: "AgoraWeb",
        dependencies: [
            "AgoraApp", "AgoraArchitecture", "AgoraDI", "AgoraModels", "AgoraWebUI", "AgoraHosting", "AgoraHTTPServing",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "CompressNIO", package: "compress-nio"),
            "AgoraPostgres",
            .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
        ]
            + features.map { .target(name: "\($0)Web") },
        path: "Modules/Web/AgoraWeb"
    ),
    .executableTarget(
        name: "agora-web",
        dependencies: [
            "AgoraWeb", "AgoraApp", "AgoraAPI", "AgoraHTTPServing", "AgoraLive", "AgoraMocks", "AgoraPostgres",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Apps/agora-web",
        exclude: ["README.md"]
    ),

    .target(
        name: "AgoraTestSupport",
        dependencies: [
            "AgoraArchitecture", "AgoraTerminalUI", "AgoraModels", "AgoraAPI", "AgoraMocks",
            .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "CustomDump", package: "swift-custom-dump"),
        ],
        path: "Modules/Testing/AgoraTestSupport"
    ),
    // The programs a test starts (agora, agora-server, agora-web, PostgreSQL), with posix_spawn:
    // Foundation's Process crashes the test process now and then on this toolchain.
    .target(name: "AgoraChildProcess", path: "Modules/Testing/AgoraChildProcess"),
    // A PostgreSQL 15 of the tests' own, started on demand, each test in a database of its own.
    .target(name: "AgoraPostgresTesting", dependencies: ["AgoraChildProcess", "AgoraPostgres"], path: "Modules/Testing/AgoraPostgresTesting"),
    // What each fuzz target in Tools/Fuzz/ (a package of its own) feeds to Agora and what must hold of
    // the outcome; the tests replay the committed corpus through the same code.
    .target(
        name: "AgoraFuzzing",
        dependencies: [
            "AgoraArchitecture", "AgoraTerminalUI", "AgoraREPL", "AgoraLive", "AgoraAPI", "AgoraModels", "AgoraContractCoding",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        path: "Modules/Testing/AgoraFuzzing"
    ),
]

let testTargets: [Target] = [
    .testTarget(name: "AgoraDITests", dependencies: ["AgoraDI"], path: "Tests/AgoraDITests"),
    .testTarget(name: "AgoraArchitectureTests", dependencies: ["AgoraArchitecture", "AgoraDI", "AgoraTestSupport"], path: "Tests/AgoraArchitectureTests"),
    .testTarget(
        name: "AgoraObservationTests", dependencies: ["AgoraObservation", "AgoraArchitecture", "AgoraTestSupport"], path: "Tests/AgoraObservationTests"),
    .testTarget(name: "AgoraHostingTests", dependencies: ["AgoraHosting", "AgoraArchitecture", "AgoraTestSupport"], path: "Tests/AgoraHostingTests"),
    .testTarget(name: "AgoraTerminalUITests", dependencies: ["AgoraTerminalUI", "AgoraArchitecture", "AgoraDI", "AgoraTestSupport"], path: "Tests/AgoraTerminalUITests"),
    // The mock world, and each feature's mock answering from it.
    .testTarget(
        name: "AgoraMocksTests", dependencies: ["AgoraMocks", "AgoraAPI", "AgoraModels"] + features.map { .target(name: $0) }, path: "Tests/AgoraMocksTests"),
    .testTarget(
        name: "AgoraAppTests",
        dependencies: ["AgoraApp", "AgoraREPL", "AgoraLive", "AgoraPrivateFiles", "AgoraSQLiteCache", "AgoraTestSupport", "AgoraChildProcess"]
            + features.map { .target(name: $0) },
        path: "Tests/AgoraAppTests"
    ),
    .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"], path: "Tests/LineEditingTests"),
    // The template feature's transcript runs it beside the app's features (Transcript.swift).
    .testTarget(
        name: "AgoraREPLTests",
        dependencies: ["AgoraREPL", "AgoraApp", "AgoraTestSupport", .target(name: "\(templateFeature)REPL")],
        path: "Tests/AgoraREPLTests",
        exclude: ["Transcripts"]
    ),
    .testTarget(
        name: "AgoraSQLiteCacheTests",
        dependencies: ["AgoraSQLiteCache", "AgoraCache", "AgoraModels", "AgoraTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
        path: "Tests/AgoraSQLiteCacheTests"
    ),
    .testTarget(
        name: "AgoraServerTests",
        dependencies: [
            "AgoraServer", "AgoraHTTPServing", "AgoraPostgres", "AgoraPostgresTesting", "AgoraContract", "AgoraMocks", "agora-server",
            "AgoraChildProcess",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOEmbedded", package: "swift-nio"),
        ],
        path: "Tests/AgoraServerTests"
    ),
    // The live service against a real agora-server, in process, on a loopback port.
    .testTarget(
        name: "AgoraLiveTests",
        dependencies: [
            "AgoraLive", "AgoraServer", "AgoraAPI", "AgoraMocks", "AgoraContractCoding", "AgoraChildProcess",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/AgoraLiveTests"
    ),
    // Replays every committed fuzz input (Tools/Fuzz/Corpus, Tools/Fuzz/Regressions) and checks its outcome.
    .testTarget(name: "AgoraFuzzingTests", dependencies: ["AgoraFuzzing", "AgoraArchitecture", "AgoraTerminalUI", "AgoraREPL", "AgoraAPI"], path: "Tests/AgoraFuzzingTests"),
    // Runs the built `agora` binary through pipes, as a user or a script would.
    .testTarget(name: "AgoraCLITests", dependencies: ["agora", "AgoraMocks", "AgoraChildProcess"], path: "Tests/AgoraCLITests"),
    // Runs the built `agora` binary on a real terminal (tmux): keys in, screen out.
    .testTarget(name: "AgoraTerminalTests", dependencies: ["agora", "AgoraChildProcess"], path: "Tests/AgoraTerminalTests"),
    // Runs `agora --live` against a child `agora-server` on an ephemeral loopback port.
    // GRDB reads what the server stored (password hashes, tokens) to look for them in outputs and logs.
    .testTarget(
        name: "AgoraEndToEndTests",
        dependencies: ["agora", "agora-server", "AgoraChildProcess", .product(name: "GRDB", package: "GRDB.swift")],
        path: "Tests/AgoraEndToEndTests"
    ),
    // The web app over real HTTP on a loopback port, the built agora-web binary, and the web
    // kit's HTML.
    .testTarget(
        name: "AgoraWebTests",
        dependencies: [
            "AgoraWeb", "AgoraWebUI", "AgoraApp", "AgoraAPI", "AgoraArchitecture", "AgoraDI", "AgoraHTTPServing", "AgoraMocks", "AgoraTestSupport", "AgoraServer",
            "AgoraREPL",
            "agora-web", "AgoraChildProcess", "AgoraPostgres", "AgoraPostgresTesting", "Events",
            .target(name: "\(templateFeature)Web"),
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/AgoraWebTests"
    ),
    // Runs Scripts/new-feature on a copy of the repository, then builds and tests the copy (minutes).
    .testTarget(name: "ScaffolderTests", dependencies: ["AgoraChildProcess"], path: "Tests/ScaffolderTests"),
]

/// The test targets `AGORA_TEST_TARGETS` names (comma-separated), or `nil` for all of them.
///
/// A build that runs a few test targets need not compile the others: on Linux every test target
/// goes into one test bundle, which `swift test --filter` does not narrow. The scaffolder's test
/// builds a copy of the package and runs the new feature's tests and three others.
let selectedTestTargets: Set<String>? = Context.environment["AGORA_TEST_TARGETS"].map { names in
    Set(names.split(separator: ",").map { String($0) })
}

/// Every target of the package, the test targets included.
let allTargets = coreTargets + (features + [templateFeature]).flatMap(feature) + testTargets

/// The targets built: every one but the test targets `selectedTestTargets` leaves out. A name
/// that is no test target is said in one line (SwiftPM shows what a manifest prints as a
/// warning), and every test target is built: a misspelt name must not build no tests at all.
let builtTargets: [Target] = {
    guard let selectedTestTargets else { return allTargets }
    let testNames = Set(allTargets.filter { $0.type == .test }.map(\.name))
    let unknown = selectedTestTargets.subtracting(testNames).sorted()
    guard unknown.isEmpty else {
        print(
            "AGORA_TEST_TARGETS names \(unknown.joined(separator: ", ")), which is no test target; building every test target (names are like \(testNames.sorted().prefix(2).joined(separator: ", ")))"
        )
        return allTargets
    }
    return allTargets.filter { $0.type != .test || selectedTestTargets.contains($0.name) }
}()

// MARK: - Isolation

/// Settings every target is built with, so async code follows one rule everywhere.
///
/// `NonisolatedNonsendingByDefault`: a nonisolated `async` function runs on its caller's actor
/// (it is `nonisolated(nonsending)` without saying so), as a synchronous one does. A service, a
/// cache or a UseCase called from a screen's work starts and answers on the main actor with no
/// hop, and never needs its arguments or results to be `Sendable` just to cross one. Work that
/// must leave the caller's actor (blocking SQLite, decoding a large reply, anything CPU-heavy) says
/// so with `@concurrent`. The feature needs tools-version 6.2; Scripts/check-architecture refuses
/// `nonisolated(nonsending)` spelled out, which this makes redundant.
let isolationSettings: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

// MARK: - Package

/// The modules others may depend on as libraries, besides the features.
let libraryProducts = [
    "AgoraModels", "AgoraDI", "AgoraArchitecture", "AgoraHosting", "AgoraObservation", "AgoraTerminalUI", "AgoraWebUI", "AgoraAPI", "AgoraCache", "AgoraMocks",
    "AgoraApp", "AgoraREPL", "LineEditing", "AgoraContract", "AgoraContractCoding", "AgoraLive", "AgoraSQLiteCache", "AgoraServer",
    "AgoraFuzzing",
]

let package = Package(
    name: "Agora",
    platforms: [.macOS(.v15), .iOS(.v18)],
    // Explicitly static: `swift build --product Events` then builds Events and what it needs,
    // where an automatic library product would build the whole package.
    products: [
        .executable(name: "agora", targets: ["agora"]), .executable(name: "agora-server", targets: ["agora-server"]),
        .executable(name: "agora-web", targets: ["agora-web"]),
    ]
        + (libraryProducts + features + features.map { "\($0)REPL" } + features.map { "\($0)Web" }).map { .library(name: $0, type: .static, targets: [$0]) },
    // PostgreSQL (agora-server's store, agora-web's shared sessions) is a trait, on by default:
    // postgres-nio brings two copies of BoringSSL (for TLS and for SCRAM), about a quarter of a
    // clean build's compiling, that nothing else needs. `swift build --disable-default-traits`
    // leaves it out: SQLite only, and `--database-url` and `--sessions-url` are refused in one line.
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "agora-server can store in PostgreSQL (--database-url), agora-web keep its sessions there (--sessions-url), through postgres-nio."),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // Already there for Hummingbird (with no traits); JSON adds FileProvider<JSONSnapshot> and
        // no dependency, and only agora-server imports it.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["JSON"]),
    ],
    targets: builtTargets,
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + isolationSettings
}
