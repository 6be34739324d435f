// swift-tools-version: 6.0
//
// Builds swift-openapi-generator's command-line tool for Scripts/generate-openapi. A package of its
// own, so the generator (OpenAPIKit, Yams) never enters the app's or the server's build graph:
// the generated code is committed, and only the runtime libraries are linked.

import PackageDescription

let package = Package(
    name: "OpenAPIGeneratorTool",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ]
)
