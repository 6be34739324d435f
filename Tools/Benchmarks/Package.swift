// swift-tools-version: 6.1
//
// Agora's benchmarks: a package of its own, so the benchmark harness and the DI container it
// is compared with (Swinject) never enter the main package's graph. It sees the main package
// only through its library products (here `AgoraDI`).
//
//     swift package --package-path Tools/Benchmarks benchmark --filter 'DI.*'
//     Scripts/bench-di        # the same, reduced to one line per scope with the ratio
//
// A benchmark target lives in `Benchmarks/<Name>/<Name>.swift` inside this package (the
// benchmark plugin only runs executable targets whose folder sits in a folder named
// `Benchmarks`) and uses the `BenchmarkPlugin`, which writes its `@main`.

import PackageDescription

/// The main package's identity, which SwiftPM takes from the name of its folder (`main`, `agora`,
/// whatever it was cloned as), so it is read from the path rather than written here.
let agora = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "agora").lowercased()

let package = Package(
    name: "AgoraBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        // Only the malloc interposer: the default traits add the Swift 6.3 runtime interposer,
        // whose package is not available on this machine (and the ARC hooks are not needed here).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // The 50-service graph both DI benchmarks resolve, registered in AgoraDI and in Swinject.
        .target(
            name: "DIGraph",
            dependencies: [
                .product(name: "AgoraDI", package: agora),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Sources/DIGraph"
        ),
        // Resolve throughput of AgoraDI against Swinject's synchronized resolver, same 50-service
        // graph, each timed on its own, with allocations counted.
        .executableTarget(
            name: "DIResolve",
            dependencies: [
                "DIGraph",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AgoraDI", package: agora),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/DIResolve",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The same two timed alternately, in short batches: the ratio Scripts/bench-di reports.
        .executableTarget(
            name: "DIInterleaved",
            dependencies: [
                "DIGraph",
                .product(name: "AgoraDI", package: agora),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Sources/DIInterleaved"
        ),
        // Page 50,000 against page 1 in OSS mode (the mock service, in process); a plain
        // executable, because it times one walk through the pages rather than repeated runs.
        .executableTarget(
            name: "MockPagination",
            dependencies: [
                .product(name: "AgoraMocks", package: agora),
                .product(name: "AgoraAPI", package: agora),
                .product(name: "AgoraModels", package: agora),
                .product(name: "Comments", package: agora),
            ],
            path: "Sources/MockPagination"
        ),
    ],
    swiftLanguageModes: [.v6]
)
