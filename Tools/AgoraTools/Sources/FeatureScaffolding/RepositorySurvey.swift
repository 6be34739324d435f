import Foundation
import ManifestReading

/// What already exists in the repository that a new feature's names must not clash with: the
/// manifest's targets and products, the types declared in the sources, the routes and the
/// plugins' destinations. (A feature adds no member to a shared type, so none is surveyed.)
struct RepositorySurvey {
    let root: URL
    let manifest: PackageManifest
    /// Types, protocols and type aliases declared in Modules/, Apps/ and Tests/.
    let declaredTypes: Set<String>
    /// The routes declared by name (`Route.login`, `Route.events`), with the file of each.
    let routeNames: [String: String]
    /// The first segment of every plugin's destination pattern ("events", "login").
    let routePaths: Set<String>

    init(root: URL, manifest: PackageManifest) throws {
        self.root = root
        self.manifest = manifest
        var types: Set<String> = []
        for folder in ["Modules", "Apps", "Tests"] {
            for file in try Self.swiftFiles(under: root.appendingPathComponent(folder)) {
                types.formUnion(SourceText(try String(contentsOf: file, encoding: .utf8)).declaredNames(after: ["struct", "class", "enum", "protocol", "actor", "typealias"]))
            }
        }
        declaredTypes = types
        var routeNames: [String: String] = [:]
        var routePaths: Set<String> = []
        for file in try Self.swiftFiles(under: root.appendingPathComponent("Modules")) {
            let source = try String(contentsOf: file, encoding: .utf8)
            routePaths.formUnion(Self.destinationSegments(in: source))
            guard source.contains("extension Route {") else { continue }
            let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            for name in SourceText(source).declaredNames(after: ["let", "func"]) { routeNames[name] = path }
        }
        self.routeNames = routeNames
        self.routePaths = routePaths
    }

    /// Names SwiftPM or the compiler already knows in this package: targets, products,
    /// products of dependencies and the dependencies themselves.
    var packageNames: Set<String> {
        var names = Set(manifest.targets.flatMap { [$0.name, $0.moduleName] })
        for target in manifest.targets {
            for dependency in target.dependencies {
                switch dependency {
                case .target(let name), .byName(let name): names.insert(name)
                case .product(let name, let package):
                    names.insert(name)
                    if let package { names.insert(package) }
                }
            }
        }
        return names.union(manifest.dependencyIdentities)
    }

    /// The contents of `path`, relative to the root; an error naming it when it is missing.
    static func read(_ root: URL, _ path: String) throws(ScaffoldingError) -> String {
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ScaffoldingError("cannot read \(path), which a new feature edits: is \(root.path) the Agora repository?")
        }
    }

    static func swiftFiles(under folder: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") }
    }

    /// `"events"` in `Destination("events/{id}", …)`: the first segment of every destination.
    static func destinationSegments(in source: String) -> Set<String> {
        var paths: Set<String> = []
        var rest = source[...]
        while let range = rest.range(of: "Destination(\"") {
            let after = rest[range.upperBound...]
            if let end = after.firstIndex(where: { $0 == "\"" || $0 == "/" }) { paths.insert(String(after[..<end])) }
            rest = after
        }
        return paths
    }
}
