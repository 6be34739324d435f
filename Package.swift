// swift-tools-version: 6.0
//
// Agora: one manifest, many small modules. Read it top to bottom:
//   core (models, dependency injection, the architecture kit) →
//   services (API protocol, cache, mocks) → features → composition → apps.
// Each feature is one line in `features`; `feature(_:)` gives it the same shape as every other.

import PackageDescription

// MARK: - Features

/// Every feature module of the app. Adding one: a folder in Modules/Features, a line here,
/// and its plugin in `AgoraPlugins.all`.
let features = [
    "Auth",
    "Events",
    "Comments",
    "Activities",
]

/// What every feature may depend on: the core and the service protocols, never another feature,
/// never a concrete service, the REPL or the server.
let featureDependencies: [Target.Dependency] = ["AgoraModels", "AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraCache"]

func feature(_ name: String) -> [Target] {
    [
        .target(name: name, dependencies: featureDependencies, path: "Modules/Features/\(name)"),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name), "AgoraTestSupport", "AgoraMocks"],
            path: "Tests/\(name)Tests"
        ),
    ]
}

// MARK: - Core, services, composition and apps

let coreTargets: [Target] = [
    .target(name: "AgoraModels", path: "Modules/Core/AgoraModels"),
    .target(name: "AgoraDI", path: "Modules/Core/AgoraDI"),
    .target(name: "AgoraArchitecture", dependencies: ["AgoraModels", "AgoraDI"], path: "Modules/Core/AgoraArchitecture"),

    .target(name: "AgoraAPI", dependencies: ["AgoraModels"], path: "Modules/Services/AgoraAPI"),
    .target(name: "AgoraCache", dependencies: ["AgoraModels"], path: "Modules/Services/AgoraCache"),
    .target(name: "AgoraMocks", dependencies: ["AgoraModels", "AgoraAPI"], path: "Modules/Services/AgoraMocks"),

    // The secrets are the Swift files at the root: the committed example and, when present, the
    // private `Secrets.swift`, whose members shadow the example's defaults (see
    // Secrets.example.swift). SwiftPM looks for sources anew on every build, so adding or removing
    // the file takes effect on the next build with no other step. Everything else at the root is
    // excluded here; a new top-level folder or file belongs in this list.
    .target(
        name: "AgoraSecrets",
        path: ".",
        exclude: ["Package.swift", "README.md", "Modules", "Apps", "Tests", "Tools", "Scripts"]
    ),

    .target(
        name: "AgoraApp",
        dependencies: ["AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraCache", "AgoraMocks", "AgoraSecrets"]
            + features.map { .target(name: $0) },
        path: "Modules/Composition/AgoraApp"
    ),

    .target(name: "CEditLine", path: "Modules/REPL/CEditLine", linkerSettings: [.linkedLibrary("edit")]),
    .target(name: "LineEditing", dependencies: ["CEditLine"], path: "Modules/REPL/LineEditing"),
    .target(name: "AgoraREPL", dependencies: ["AgoraApp", "AgoraArchitecture"], path: "Modules/REPL/AgoraREPL"),

    .executableTarget(
        name: "agora",
        dependencies: [
            "AgoraREPL", "AgoraApp", "LineEditing",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Apps/agora"
    ),

    .target(
        name: "AgoraTestSupport",
        dependencies: [
            "AgoraArchitecture", "AgoraModels", "AgoraMocks",
            .product(name: "Clocks", package: "swift-clocks"),
        ],
        path: "Modules/Testing/AgoraTestSupport"
    ),
]

let testTargets: [Target] = [
    .testTarget(name: "AgoraDITests", dependencies: ["AgoraDI"], path: "Tests/AgoraDITests"),
    .testTarget(name: "AgoraArchitectureTests", dependencies: ["AgoraArchitecture", "AgoraDI", "AgoraTestSupport"], path: "Tests/AgoraArchitectureTests"),
    .testTarget(name: "AgoraMocksTests", dependencies: ["AgoraMocks", "AgoraAPI", "AgoraModels"], path: "Tests/AgoraMocksTests"),
    .testTarget(name: "AgoraAppTests", dependencies: ["AgoraApp", "AgoraTestSupport"], path: "Tests/AgoraAppTests"),
    .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"], path: "Tests/LineEditingTests"),
    .testTarget(name: "AgoraREPLTests", dependencies: ["AgoraREPL", "AgoraApp", "AgoraTestSupport"], path: "Tests/AgoraREPLTests", exclude: ["Transcripts"]),
    // Runs the built `agora` binary through pipes, as a user or a script would.
    .testTarget(name: "AgoraCLITests", dependencies: ["agora", "AgoraMocks"], path: "Tests/AgoraCLITests"),
    // Runs the built `agora` binary on a real terminal (tmux): keys in, screen out.
    .testTarget(name: "AgoraTerminalTests", dependencies: ["agora"], path: "Tests/AgoraTerminalTests"),
]

// MARK: - Package

/// The modules others may depend on as libraries, besides the features.
let libraryProducts = [
    "AgoraModels", "AgoraDI", "AgoraArchitecture", "AgoraAPI", "AgoraCache", "AgoraMocks",
    "AgoraApp", "AgoraREPL", "LineEditing",
]

let package = Package(
    name: "Agora",
    platforms: [.macOS(.v15)],
    // Explicitly static: `swift build --product Events` then builds Events and what it needs,
    // where an automatic library product would build the whole package.
    products: [.executable(name: "agora", targets: ["agora"])]
        + (libraryProducts + features).map { .library(name: $0, type: .static, targets: [$0]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: coreTargets + features.flatMap(feature) + testTargets,
    swiftLanguageModes: [.v6]
)
