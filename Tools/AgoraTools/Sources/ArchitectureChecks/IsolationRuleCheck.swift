import ManifestReading

/// Checks that async isolation follows one rule in `Modules/` and `Apps/`: every target is built
/// with `NonisolatedNonsendingByDefault`, so a nonisolated `async` function runs on its caller's
/// actor without saying so, and no file spells that default out as `nonisolated(nonsending)`.
/// Work that must leave the caller's actor says so with `@concurrent`.
enum IsolationRuleCheck {
    /// The upcoming feature that makes `nonisolated(nonsending)` the default.
    static let feature = "NonisolatedNonsendingByDefault"

    /// Whether `target` is one the rule covers: the package's modules and apps, not its tests.
    static func covers(_ target: PackageManifest.Target) -> Bool {
        target.kind != .test && (target.sourcePath.hasPrefix("Modules/") || target.sourcePath.hasPrefix("Apps/"))
    }

    /// A violation when the manifest builds `target` without the feature.
    static func manifestViolation(of target: PackageManifest.Target) -> ArchitectureViolation? {
        guard covers(target), !target.upcomingFeatures.contains(feature) else { return nil }
        return ArchitectureViolation(file: "Package.swift", line: nil, module: target.name, rule: .isolationDefaultMissing)
    }

    /// The violations in one file (path relative to the root, and its text): each
    /// `nonisolated(nonsending)` in its code, comments and string literals aside.
    static func violations(path: String, source: String) -> [ArchitectureViolation] {
        SwiftTextParts(source).code.flatMap { part in
            part.text.matches(of: #/nonisolated\s*\(\s*nonsending\s*\)/#).map { match in
                let line = part.line + part.text[..<match.range.lowerBound].filter { $0 == "\n" }.count
                return ArchitectureViolation(file: path, line: line, module: "nonisolated(nonsending)", rule: .isolationSpelledOut)
            }
        }
    }
}
