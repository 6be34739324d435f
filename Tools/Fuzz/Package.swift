// swift-tools-version: 5.4
//
// Agora's libFuzzer targets: a package of its own, so the main package's graph and its CI stay
// as they are. Each target is an executable whose `main` is libFuzzer's; it exports
// `LLVMFuzzerTestOneInput`, which hands the input to a `FuzzTarget` of the main package's
// `AgoraFuzzing` module (the code the tests replay the corpus through).
//
//     Scripts/fuzz                    # builds and runs every target (60 s each)
//     swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//
// Why tools version 5.4: from 5.5 on, SwiftPM renames an executable's entry point
// (`-entry-point-function-name <module>_main`, then `--defsym main=<module>_main` at link time)
// so tests can link it; a fuzz target has no entry point of its own — libFuzzer's `main` is it —
// and the link fails. Under 5.4 nothing is renamed. The sources are Swift 6 all the same.

import PackageDescription

/// A fuzz target: one file exporting `LLVMFuzzerTestOneInput`, compiled as a library
/// (`-parse-as-library`) so that it defines no `main`.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: [.product(name: "AgoraFuzzing", package: "Agora")],
        path: "Sources/fuzz-\(name)",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "AgoraFuzz",
    platforms: [.macOS("15.0")],
    dependencies: [.package(name: "Agora", path: "../..")],
    targets: ["command-line", "route", "live-response", "request-headers", "terminal-text"].map(fuzzTarget),
    swiftLanguageVersions: [.version("6")]
)
