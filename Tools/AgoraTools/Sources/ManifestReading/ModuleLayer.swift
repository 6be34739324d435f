/// Where a target sits in Agora's layering, read from its folder: `Modules/<Layer>/…`, `Apps/…`,
/// `Tests/…`.
public struct ModuleLayer: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public static let core = ModuleLayer("Core")
    public static let services = ModuleLayer("Services")
    public static let contract = ModuleLayer("Contract")
    public static let server = ModuleLayer("Server")
    public static let features = ModuleLayer("Features")
    public static let composition = ModuleLayer("Composition")
    public static let repl = ModuleLayer("REPL")
    public static let web = ModuleLayer("Web")
    public static let apps = ModuleLayer("Apps")
    public static let testing = ModuleLayer("Testing")
    public static let tests = ModuleLayer("Tests")

    /// The layers from the bottom of the graph to its top; any other layer sorts after them.
    public static let order: [ModuleLayer] = [.core, .services, .contract, .server, .features, .composition, .repl, .web, .apps, .testing, .tests]

    /// The layer of a target in folder `path` (relative to the package root).
    ///
    /// The root's own sources (the secrets, `path: "."`) belong to the composition root, the only
    /// module that reads them.
    public static func of(path: String) -> ModuleLayer {
        let parts = path.split(separator: "/").map(String.init)
        switch parts.first {
        case nil, ".": return .composition
        case "Modules": return parts.count > 1 ? ModuleLayer(parts[1]) : .core
        case "Apps": return .apps
        case "Tests": return .tests
        case let other?: return ModuleLayer(other)
        }
    }

    public static func < (lhs: ModuleLayer, rhs: ModuleLayer) -> Bool {
        let left = order.firstIndex(of: lhs) ?? order.count
        let right = order.firstIndex(of: rhs) ?? order.count
        return left != right ? left < right : lhs.name < rhs.name
    }

    public var description: String { name }
}

extension PackageManifest.Target {
    /// The layer of the target's folder.
    public var layer: ModuleLayer { ModuleLayer.of(path: sourcePath) }

    /// Whether it is a feature library: `Modules/Features/<Name>/<Name>`, beside its REPL view.
    public var isFeature: Bool { kind != .test && sourcePath.hasPrefix("Modules/Features/") && !isFeatureView }

    /// Whether it is a feature's view: its REPL view `Modules/Features/<Name>/<Name>REPL`, its
    /// web view `Modules/Features/<Name>/<Name>Web`, or the inputs both send
    /// (`Modules/Features/<Name>/<Name>ViewInputs`).
    public var isFeatureView: Bool {
        guard kind != .test, sourcePath.hasPrefix("Modules/Features/"), let folder = sourcePath.split(separator: "/").last else { return false }
        return Self.viewSuffixes.contains { folder.hasSuffix($0) }
    }

    /// The feature library a view shows: `Events` for `EventsREPL`, `EventsWeb` and
    /// `EventsViewInputs`; `nil` for other targets.
    public var viewedFeature: String? {
        guard isFeatureView, let suffix = Self.viewSuffixes.first(where: { name.hasSuffix($0) }) else { return nil }
        return String(name.dropLast(suffix.count))
    }

    /// How a feature's view targets end: the terminal's, the web's, and the inputs both send.
    public static let viewSuffixes = ["REPL", "Web", viewInputsSuffix]

    /// How the target of the inputs a feature's views share ends.
    public static let viewInputsSuffix = "ViewInputs"

    /// Whether it is an app: an executable target.
    public var isApp: Bool { kind == .executable }

    /// Whether it is a library module of the app: a folder under `Modules/`.
    public var isModule: Bool { kind != .test && sourcePath.hasPrefix("Modules/") }
}
