import ManifestReading

/// The package's modules and what each depends on, read from the manifest, grouped by layer.
public struct ModuleGraph: Sendable, Equatable {
    /// A module of the package or a product of a package dependency.
    public struct Node: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case target(PackageManifest.Target.Kind)
            case product(package: String?)
        }

        /// As the manifest names it ("agora-server", "GRDB").
        public let name: String
        public let kind: Kind
        /// Its layer; products of package dependencies are in ``ModuleGraph/packagesLayer``.
        public let layer: ModuleLayer
    }

    /// "A depends on B".
    public struct Edge: Hashable, Sendable {
        public let from: String
        public let to: String
    }

    /// Where products of package dependencies go.
    public static let packagesLayer = ModuleLayer("Packages")

    public let nodes: [Node]
    public let edges: [Edge]

    /// The graph of `manifest`'s targets, in manifest order.
    ///
    /// - Parameter includeTests: add test targets and what they depend on (off by default: they
    ///   are leaves that would double the picture).
    public init(manifest: PackageManifest, includeTests: Bool = false) {
        var nodes: [Node] = []
        var products: [Node] = []
        var edges: [Edge] = []
        for target in manifest.targets where includeTests || target.kind != .test {
            nodes.append(Node(name: target.name, kind: .target(target.kind), layer: target.layer))
            for dependency in manifest.resolvedDependencies(of: target) {
                switch dependency {
                case .target(let name):
                    edges.append(Edge(from: target.name, to: name))
                case .product(let name, let package):
                    if !products.contains(where: { $0.name == name }) {
                        products.append(Node(name: name, kind: .product(package: package), layer: Self.packagesLayer))
                    }
                    edges.append(Edge(from: target.name, to: name))
                }
            }
        }
        self.nodes = nodes + products
        // Arrows grouped by the layer of the module they leave, bottom first, then in manifest
        // order: the text reads like the picture.
        let order = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.name, ($1.layer, $0)) })
        var seen = Set<Edge>()
        self.edges = edges.filter { seen.insert($0).inserted }.enumerated().sorted { lhs, rhs in
            let left = order[lhs.element.from], right = order[rhs.element.from]
            if let left, let right, left.0 != right.0 { return left.0 < right.0 }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The layers that have nodes, bottom first, each with its nodes in manifest order.
    public var layers: [(layer: ModuleLayer, nodes: [Node])] {
        let present = Set(nodes.map(\.layer))
        let ordered = present.filter { $0 != Self.packagesLayer }.sorted() + (present.contains(Self.packagesLayer) ? [Self.packagesLayer] : [])
        return ordered.map { layer in (layer, nodes.filter { $0.layer == layer }) }
    }
}
