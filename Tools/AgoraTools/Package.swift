// swift-tools-version: 6.0
//
// Agora's tools: the new-feature scaffolder, the architecture checks and the module graph. A
// package of its own, so they never enter the app's build graph; they read the app's manifest
// through `swift package dump-package` and its sources as text. Run them through Scripts/
// (new-feature, check-architecture, module-graph); Tools/README.md says what each does.

import PackageDescription

let package = Package(
    name: "AgoraTools",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "agora-tools", targets: ["agora-tools"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The app's manifest as data: targets, their paths, kinds and dependencies, and layers.
        .target(name: "ManifestReading"),
        .target(name: "ArchitectureChecks", dependencies: ["ManifestReading"]),
        .target(name: "ModuleGraph", dependencies: ["ManifestReading"]),
        .target(name: "FeatureScaffolding", dependencies: ["ManifestReading", "ModuleGraph"]),
        // Each feature's traced inputs, made from its inputs protocols.
        .target(name: "InputsGeneration"),
        .executableTarget(
            name: "agora-tools",
            dependencies: [
                "ManifestReading", "ArchitectureChecks", "ModuleGraph", "FeatureScaffolding", "InputsGeneration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "AgoraToolsTests",
            dependencies: ["ManifestReading", "ArchitectureChecks", "ModuleGraph", "FeatureScaffolding", "InputsGeneration"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
