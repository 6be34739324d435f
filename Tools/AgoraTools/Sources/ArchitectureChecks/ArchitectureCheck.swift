import Foundation
import ManifestReading

/// Checks the module rules on a package's sources, reading only text: no build.
///
/// The manifest says which targets are features (folders under `Modules/Features/`), modules
/// (under `Modules/`) and apps (executables); ``ArchitecturePolicy`` says what each may import.
public struct ArchitectureCheck: Sendable {
    /// What a check found and how much it read.
    public struct Report: Sendable {
        public let violations: [ArchitectureViolation]
        public let modulesChecked: Int
        public let filesScanned: Int
    }

    public let root: URL
    public let manifest: PackageManifest

    /// - Parameters:
    ///   - root: the package's folder.
    ///   - manifest: its manifest (``ManifestLoader/load(packageAt:)``).
    public init(root: URL, manifest: PackageManifest) {
        self.root = root
        self.manifest = manifest
    }

    public func run() throws -> Report {
        let features = Set(manifest.targets.filter(\.isFeature).map(\.moduleName))
        let apps = Set(manifest.targets.filter(\.isApp).map(\.moduleName))
        var violations = manifestViolations() + manifest.targets.compactMap(IsolationRuleCheck.manifestViolation)
        var fileCount = 0
        let modules = manifest.targets.filter(\.isModule)
        // What the package declares, which its documents may name.
        var declared = ArticleCheck.Declarations()
        declared.types.formUnion(manifest.targets.map(\.moduleName))
        for app in manifest.targets where app.isApp && !app.isModule {
            for file in try swiftFiles(of: app) {
                fileCount += 1
                let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                declared.read(source)
                if IsolationRuleCheck.covers(app) { violations += IsolationRuleCheck.violations(path: file, source: source) }
            }
        }
        for target in modules {
            for file in try swiftFiles(of: target) {
                fileCount += 1
                let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                declared.read(source)
                if target.isFeature { violations += FeatureLibraryToolCheck.violations(path: file, source: source) }
                if target.name == ArchitecturePolicy.architectureKit { violations += FeatureLibraryToolCheck.wordViolations(path: file, text: source) }
                violations += IsolationRuleCheck.violations(path: file, source: source)
                for found in SourceImport.scan(source) {
                    guard let rule = brokenRule(found.module, in: file, of: target, features: features, apps: apps) else { continue }
                    violations.append(ArchitectureViolation(file: file, line: found.line, module: found.module, rule: rule))
                }
            }
        }
        // A feature library's articles, and the kit's, speak of it as its code does: of no tool.
        // How the views host a feature is told in the hosting layer's articles.
        for target in modules where target.isFeature || target.name == ArchitecturePolicy.architectureKit {
            for file in try files(of: target, withExtension: "md") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                violations += FeatureLibraryToolCheck.wordViolations(path: file, text: text)
            }
        }
        // Documents name tests too (the specification of a behaviour), and the secrets' switch
        // (`Secrets.example.swift`, at the root).
        let rootFiles = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }
        for test in manifest.targets where test.kind == .test {
            for file in try swiftFiles(of: test) {
                let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                declared.read(source, members: false)
                // On Linux one test bundle links every test target's dependencies, so a test target
                // that imports what it does not declare builds only beside one that does.
                for found in SourceImport.scan(source) where importsUndeclared(found.module, from: test) {
                    violations.append(ArchitectureViolation(file: file, line: found.line, module: found.module, rule: .importsUndeclaredTarget(module: test.name)))
                }
            }
        }
        for file in rootFiles {
            declared.read(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
        }
        for article in try markdownFiles(under: ArticleCheck.folders) {
            let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
            violations += ArticleCheck.violations(path: article, text: text, declared: declared)
        }
        return Report(violations: violations, modulesChecked: modules.count, filesScanned: fileCount)
    }

    /// The first rule `module`, imported by `file` of `target`, breaks; one message per import.
    func brokenRule(_ module: String, in file: String, of target: PackageManifest.Target, features: Set<String>, apps: Set<String>) -> ArchitectureRule? {
        if ArchitecturePolicy.forbiddenViewKit(for: target.name, importing: module) != nil {
            return .viewImportsOtherViewKit(module: target.name)
        }
        if target.isFeature, features.contains(module), module != target.moduleName {
            return .featureImportsFeature(feature: target.name)
        }
        if file.split(separator: "/").dropLast().contains("ViewModel"), let what = ArchitecturePolicy.viewModelForbiddenReason(module) {
            return .viewModelImportsForbidden(what: what)
        }
        if apps.contains(module) {
            return .moduleImportsApp(module: target.name)
        }
        if target.isFeature, !ArchitecturePolicy.featureImports.contains(module), module != target.moduleName {
            return .featureImportsOutsideKit(feature: target.name)
        }
        if let feature = target.viewedFeature, module != feature, module != ArchitecturePolicy.sharedInputs(of: feature),
            !ArchitecturePolicy.viewImports(ofView: target.name).contains(module)
        {
            return .featureViewImportsOutsideKit(view: target.name, feature: feature)
        }
        if importsUndeclared(module, from: target) {
            return .importsUndeclaredTarget(module: target.name)
        }
        return nil
    }

    /// Whether `module` is a target of the package other than `target` that `target` does not
    /// depend on, directly or through others.
    func importsUndeclared(_ module: String, from target: PackageManifest.Target) -> Bool {
        guard let imported = manifest.targets.first(where: { $0.moduleName == module }), imported.name != target.name else { return false }
        return !reachableTargets(from: target).contains(imported.name)
    }

    /// The package's targets `target` depends on, directly or through others: what it may
    /// import. (A module built earlier for another target is importable too, until a clean
    /// build orders it after.)
    func reachableTargets(from target: PackageManifest.Target) -> Set<String> {
        var reached: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            for case .target(let name) in manifest.resolvedDependencies(of: next) where reached.insert(name).inserted {
                if let found = manifest.target(named: name) { pending.append(found) }
            }
        }
        return reached
    }

    /// A feature, or a feature's view, the manifest lets depend on more than its kit.
    func manifestViolations() -> [ArchitectureViolation] {
        manifest.targets.filter { $0.isFeature || $0.isFeatureView }.flatMap { feature in
            let allowed = feature.viewedFeature.map {
                ArchitecturePolicy.featureKit.union(ArchitecturePolicy.viewKit(ofView: feature.name)).union([$0, ArchitecturePolicy.sharedInputs(of: $0)])
            }
                ?? ArchitecturePolicy.featureKit
            return manifest.resolvedDependencies(of: feature).compactMap { dependency -> ArchitectureViolation? in
                let name: String
                switch dependency {
                case .target(let target):
                    guard !allowed.contains(target) else { return nil }
                    name = target
                case .product(let product, let package):
                    name = package.map { "\(product) (\($0))" } ?? product
                }
                return ArchitectureViolation(file: "Package.swift", line: nil, module: name, rule: .featureDependsOutsideKit(feature: feature.name))
            }
        }
    }

    /// The Swift files of `target`, relative to the root, sorted, without excluded paths.
    /// The Markdown files under `folders`, relative to the root, sorted; a folder that is not
    /// there (a copy of the package without it) has none.
    func markdownFiles(under folders: [String]) throws -> [String] {
        var files: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            let prefix = root.standardizedFileURL.path + "/"
            for case let url as URL in enumerator where url.pathExtension == "md" {
                files.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
            }
        }
        return files.sorted()
    }

    func swiftFiles(of target: PackageManifest.Target) throws -> [String] {
        try files(of: target, withExtension: "swift")
    }

    /// The files of `target` with the extension `pathExtension`, relative to the root, but those
    /// the manifest excludes.
    func files(of target: PackageManifest.Target, withExtension pathExtension: String) throws -> [String] {
        let folder = target.sourcePath
        let excluded = target.exclude.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [String] = []
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where url.pathExtension == pathExtension {
            let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            let path = folder.isEmpty ? relative : "\(folder)/\(relative)"
            guard !excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            files.append(path)
        }
        return files.sorted()
    }
}
