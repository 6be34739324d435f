/// A Swift package's manifest as `swift package dump-package` prints it: only what the tools
/// read (targets, their paths, kinds and dependencies).
public struct PackageManifest: Decodable, Sendable, Equatable {
    public let name: String
    public let targets: [Target]
    /// The package dependencies' identities ("grdb.swift", "swift-log").
    public let dependencyIdentities: [String]

    public init(name: String, targets: [Target], dependencyIdentities: [String] = []) {
        self.name = name
        self.targets = targets
        self.dependencyIdentities = dependencyIdentities
    }

    private enum CodingKeys: String, CodingKey {
        case name, targets, dependencies
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        targets = try container.decode([Target].self, forKey: .targets)
        let dependencies = try container.decodeIfPresent([PackageDependency].self, forKey: .dependencies) ?? []
        dependencyIdentities = dependencies.compactMap(\.identity)
    }

    /// The target called `name`, if the package has one.
    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// What `target` depends on, with each by-name dependency resolved: a target of this package
    /// when one has that name, otherwise a product of a package dependency.
    public func resolvedDependencies(of target: Target) -> [ResolvedDependency] {
        let names = Set(targets.map(\.name))
        return target.dependencies.map { dependency in
            switch dependency {
            case .target(let name): .target(name)
            case .byName(let name): names.contains(name) ? .target(name) : .product(name: name, package: nil)
            case .product(let name, let package): .product(name: name, package: package)
            }
        }
    }
}

/// A dependency once the manifest says what it is.
public enum ResolvedDependency: Hashable, Sendable {
    /// A target of the same package.
    case target(String)
    /// A product of a package dependency (`package` is `nil` for a by-name product).
    case product(name: String, package: String?)
}

/// One entry of the manifest's `dependencies`: only its identity is read.
private struct PackageDependency: Decodable {
    let identity: String?

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Details: Decodable {
        let identity: String?
    }

    init(from decoder: any Decoder) throws {
        // {"sourceControl": [{"identity": "…", …}]} or {"fileSystem": [{…}]} and so on.
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first else {
            identity = nil
            return
        }
        var list = try container.nestedUnkeyedContainer(forKey: key)
        identity = try list.isAtEnd ? nil : list.decode(Details.self).identity
    }
}
